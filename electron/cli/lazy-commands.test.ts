/**
 * A run loads the module of the command it runs and not the others' (nor the parts of the app only
 * they use): `lapwing web` serves its page sooner, and `lapwing map check` does not open SQLite.
 * Checked in a fresh Node process running bin/lapwing.mjs from the sources, with a module hook
 * writing down every module it loads.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { modulesLoaded } from '../host/test-support/module-loads';
import { fixture, projectRoot, run } from './test-support';

/** The project's modules (paths from the project root) and packages a `lapwing ARGS…` run loaded. */
function modulesLoadedBy(...argv: string[]): { code: number | null; modules: string[] } {
  // The sources, so each module is its own file (the build groups them into chunks).
  const { status, modules } = modulesLoaded([join(projectRoot, 'bin/lapwing.mjs'), ...argv], {
    env: { ...process.env, LAPWING_FROM_SOURCES: '1' },
  });
  return { code: status, modules };
}

const COMMAND_MODULES = ['map-check', 'map-registry', 'map-diff', 'web', 'serve', 'test'].map((name) => `electron/cli/commands/${name}.ts`);

describe('lapwing loads only the command it runs', () => {
  it('`map check` loads map-check and the engine, not the other commands, the server, SQLite or fastify', () => {
    const { code, modules } = modulesLoadedBy('map', 'check', fixture('facts.rbl'));
    expect(code).toBe(0);
    expect(modules).toContain('electron/cli/commands/map-check.ts');
    expect(modules).toContain('electron/engine/index.ts');
    expect(modules.filter((module) => COMMAND_MODULES.includes(module))).toEqual(['electron/cli/commands/map-check.ts']);
    for (const part of [
      'electron/server/',
      'electron/store/',
      'electron/workbench/',
      'electron/host/',
      'node_modules/better-sqlite3/',
      'node_modules/fastify/',
    ])
      expect(modules.filter((module) => module.startsWith(part))).toEqual([]);
  }, 120_000);

  it('`web --help` loads web alone, and not the host it starts', () => {
    const { code, modules } = modulesLoadedBy('web', '--help');
    expect(code).toBe(0);
    expect(modules.filter((module) => COMMAND_MODULES.includes(module))).toEqual(['electron/cli/commands/web.ts']);
    expect(modules.filter((module) => /^electron\/(host|engine|server|store|workbench)\//.test(module))).toEqual([]);
  }, 120_000);

  it('finds every command of the full tree when asked for it alone', async () => {
    // Each command named in help must be registered by the module main.ts loads for that name.
    const commandsIn = (help: string) =>
      [...help.split('Commands:')[1].matchAll(/^ {2}([a-z-]+)/gm)].map((match) => match[1]).filter((name) => name !== 'help');
    const top = commandsIn((await run('--help')).out);
    expect(top).toEqual(['map', 'web', 'serve', 'test']);
    const paths = [
      ...top.filter((name) => name !== 'map').map((name) => [name]),
      ...commandsIn((await run('map', '--help')).out).map((name) => ['map', name]),
    ];
    expect(paths.length).toBeGreaterThan(6);
    for (const path of paths) {
      const help = await run(...path, '--help');
      expect(help.code, path.join(' ')).toBe(0);
      expect(help.out).toContain(`Usage: lapwing ${path.join(' ')} `);
    }
  });

  it('answers an unknown command, at the top or under `map`, with usage error 2 naming it (and a near miss)', async () => {
    const top = await run('nosuch');
    expect(top.code).toBe(2);
    expect(top.err).toContain("unknown command 'nosuch'");
    const nearMiss = await run('serv');
    expect(nearMiss.code).toBe(2);
    expect(nearMiss.err).toContain('Did you mean serve?');
    const underMap = await run('map', 'chek');
    expect(underMap.code).toBe(2);
    expect(underMap.err).toContain("unknown command 'chek'");
    expect(underMap.err).toContain('Did you mean check?');
  });
});
