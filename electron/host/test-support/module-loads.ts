/**
 * Which of our modules a fresh Node process loads: it runs with a module hook that writes down every
 * module URL it loads, so start-up tests can pin what a command or a door pulls in.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

const HOOKS = `import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function load(url, context, next) {
  appendFileSync(log, url + '\\n');
  return next(url, context);
}`;

interface ModuleLoads {
  readonly status: number | null;
  readonly stderr: string;
  /** The project's modules, as paths from the project root, in load order. */
  readonly modules: string[];
}

/**
 * Runs `node [...preload] --import <hook> ...args` in the project root. `preload` are `--import`
 * flags that must come before the hook (tsx, to load TypeScript).
 */
export function modulesLoaded(
  args: readonly string[],
  options: { preload?: readonly string[]; env?: NodeJS.ProcessEnv } = {},
): ModuleLoads {
  const folder = mkdtempSync(join(tmpdir(), 'lapwing-module-loads-'));
  try {
    const log = join(folder, 'modules.log');
    const hooks = join(folder, 'hooks.mjs');
    const registration = join(folder, 'register.mjs');
    writeFileSync(log, '');
    writeFileSync(hooks, HOOKS);
    writeFileSync(
      registration,
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)}, { data: { log: ${JSON.stringify(log)} } });\n`,
    );
    const result = spawnSync(process.execPath, [...(options.preload ?? []), '--import', pathToFileURL(registration).href, ...args], {
      cwd: projectRoot,
      env: options.env ?? process.env,
      encoding: 'utf8',
      timeout: 120_000,
    });
    const root = pathToFileURL(projectRoot).href;
    const modules = readFileSync(log, 'utf8')
      .split('\n')
      .filter((url) => url.startsWith(root))
      .map((url) => url.slice(root.length).replace(/^\//, '').replace(/\?.*$/, ''));
    return { status: result.status, stderr: result.stderr, modules };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
