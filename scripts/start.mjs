#!/usr/bin/env node
// `npm start`: build if the sources changed, then open the desktop app, or, where Electron cannot
// run (no binary, no display, or a better-sqlite3 built for Node), browser mode with the reason.
// Arguments after `npm start --` go to browser mode (`--port N`, `--data DIR`, `--no-open`).
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const outputs = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'out/cli/lapwing.js'].map((file) =>
  join(root, file),
);
const sources = ['electron', 'renderer', 'electron.vite.config.ts', 'cli.vite.config.ts', 'package.json'].map((path) => join(root, path));

/** Newest modification time under `path` (skipping tests, which do not change the build). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return /\.test\.ts$/.test(path) ? 0 : info.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) if (entry !== 'node_modules') latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

function buildIfNeeded() {
  const missing = outputs.filter((file) => !existsSync(file));
  const builtAt = missing.length > 0 ? 0 : Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  if (missing.length === 0 && Math.max(...sources.map(newest)) <= builtAt) return;
  console.log(missing.length > 0 ? 'Building Lapwing (first run)…' : 'Sources changed since the last build; rebuilding…');
  // `npm run build`: the app (electron-vite), then the `lapwing` command browser mode runs (out/cli).
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (build.status !== 0) {
    console.error('The build failed (see above); fix it and run npm start again.');
    process.exit(build.status ?? 1);
  }
}

/**
 * The Electron binary, or why it cannot be used. This reads what `require('electron')` reads
 * (path.txt, dist/, ELECTRON_OVERRIDE_DIST_PATH) without calling it: requiring it would try to
 * download the binary, which cannot succeed here.
 */
function electronBinary() {
  let packageDir;
  try {
    packageDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return { reason: 'the electron package is not installed' };
  }
  const pathFile = join(packageDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!relative && !override)
    return { reason: 'no Electron binary was downloaded into node_modules/electron (it is fetched from outside the npm registry)' };
  const binary = override ? join(override, relative || 'electron') : join(packageDir, 'dist', relative);
  try {
    accessSync(binary, constants.X_OK);
  } catch {
    return { reason: `${binary} is missing or not executable` };
  }
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return { reason: 'there is no display (DISPLAY and WAYLAND_DISPLAY are unset)' };
  return { binary };
}

/**
 * Electron needs better-sqlite3 built for its own ABI. If the installed build loads in plain Node,
 * it is the Node build (the one tests use) and the desktop app would stop at its first query.
 */
function sqliteBuiltForNode() {
  try {
    const Database = require('better-sqlite3');
    new Database(':memory:').close();
    return true;
  } catch {
    return false;
  }
}

function forwardSignals(child) {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

buildIfNeeded();
const electron = electronBinary();
let notice = electron.reason && `Electron binary not available on this machine (${electron.reason}); starting browser mode instead.`;
if (!notice && sqliteBuiltForNode()) {
  notice = `Electron cannot open the database here (better-sqlite3 is built for Node.js, ABI ${process.versions.modules}, not for Electron; see docs/desktop-shell.md); starting browser mode instead.`;
}
if (!notice) {
  forwardSignals(spawn(electron.binary, ['.'], { cwd: root, stdio: 'inherit' }));
} else {
  console.log(notice);
  forwardSignals(
    spawn(process.execPath, [join(root, 'bin', 'lapwing.mjs'), 'web', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' }),
  );
}
