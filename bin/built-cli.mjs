// Which `lapwing` to run: the build in out/cli (`npm run build`; it starts without compiling
// TypeScript, about a second sooner on a busy machine), or the TypeScript sources through tsx when
// there is no build, when any source is newer than it (an edit must never run stale code), or when
// LAPWING_FROM_SOURCES=1 asks for them (the start-up benchmark's peer, debugging).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Newest modification time of the sources the build is made from (tests are not built). A folder's
 * own time counts too: it changes when a file in it is removed or renamed.
 */
function newestSource(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return /\.test\.ts$/.test(path) ? 0 : info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestSource(join(path, entry)));
  return newest;
}

/** The built entry point under `root`, or null when the sources must run instead. */
export function builtCli(root, env = process.env) {
  if (env.LAPWING_FROM_SOURCES === '1') return null;
  const entry = join(root, 'out', 'cli', 'lapwing.js');
  if (!existsSync(entry)) return null;
  const builtAt = statSync(entry).mtimeMs;
  const sources = [join(root, 'electron'), join(root, 'cli.vite.config.ts')];
  return sources.every((source) => newestSource(source) <= builtAt) ? entry : null;
}
