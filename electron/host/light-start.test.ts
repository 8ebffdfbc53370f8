/**
 * Browser mode serves its page before it loads the workbench: what `lapwing web` has to load before
 * it listens is the host's own modules, which must stay light. Checked in a fresh Node process that
 * imports the host's front door from the sources, with a module hook writing down every module it
 * loads (the workbench, imported once the server listens, is not loaded by that import).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'lapwing-host-start-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const HOOKS = `import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function load(url, context, next) {
  appendFileSync(log, url + '\\n');
  return next(url, context);
}`;

/** Modules (paths from the project root) loaded by importing the host's front door. */
function modulesLoadedByTheHost(): string[] {
  const log = join(folder, 'host.log');
  writeFileSync(log, '');
  const hooks = join(folder, 'hooks.mjs');
  writeFileSync(hooks, HOOKS);
  const registration = join(folder, 'register.mjs');
  writeFileSync(
    registration,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)}, { data: { log: ${JSON.stringify(log)} } });\n`,
  );
  const host = pathToFileURL(join(projectRoot, 'electron/host/index.ts')).href;
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      pathToFileURL(registration).href,
      '--input-type=module',
      '-e',
      `await import(${JSON.stringify(host)});`,
    ],
    { cwd: projectRoot, encoding: 'utf8', timeout: 120_000 },
  );
  expect(result.status, result.stderr).toBe(0);
  const root = pathToFileURL(projectRoot).href;
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith(root))
    .map((url) => url.slice(root.length).replace(/^\//, '').replace(/\?.*$/, ''));
}

describe('what browser mode loads before it serves the page', () => {
  it('is the host and fastify: not zod or the IPC schemas, nor the workbench, the engine or SQLite', () => {
    const modules = modulesLoadedByTheHost();
    expect(modules).toContain('electron/host/server.ts');
    expect(modules.some((module) => module.startsWith('node_modules/fastify/'))).toBe(true);
    expect(modules).toContain('electron/common/ipc/transport.ts');
    for (const part of [
      'node_modules/zod/',
      'electron/common/ipc/schemas/',
      'electron/common/ipc/index.ts',
      'electron/common/decision-api/index.ts',
      'electron/workbench/',
      'electron/engine/',
      'electron/store/',
      'node_modules/better-sqlite3/',
    ])
      expect(modules.filter((module) => module.startsWith(part))).toEqual([]);
  }, 120_000);
});
