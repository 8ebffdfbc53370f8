/**
 * Browser mode serves its page before it loads the workbench: what `lapwing web` has to load before
 * it listens is the host's own modules, which must stay light. Checked in a fresh Node process that
 * imports the host's front door from the sources, with a module hook writing down every module it
 * loads (the workbench, imported once the server listens, is not loaded by that import).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { modulesLoaded, projectRoot } from './test-support/module-loads';

/** Modules (paths from the project root) loaded by importing the host's front door. */
function modulesLoadedByTheHost(): string[] {
  const host = pathToFileURL(join(projectRoot, 'electron/host/index.ts')).href;
  const { status, stderr, modules } = modulesLoaded(['--input-type=module', '-e', `await import(${JSON.stringify(host)});`], {
    preload: ['--import', 'tsx'],
  });
  expect(status, stderr).toBe(0);
  return modules;
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
