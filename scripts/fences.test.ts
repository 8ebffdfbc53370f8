// The import fences are allow-lists: these tests lint small probe files placed inside the rooms, with
// the project's own ESLint configuration, and check that what is not allowed fails and what is passes.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });
const created: string[] = [];

afterEach(() => {
  for (const path of created.splice(0).reverse()) rmSync(path, { recursive: true, force: true });
});

/** Writes `source` to a probe file at `relativePath` (removed after the test) and returns its fence errors. */
async function fenceErrors(relativePath: string, source: string): Promise<string[]> {
  const file = join(root, relativePath);
  writeFileSync(file, source);
  created.push(file);
  const [result] = await eslint.lintFiles([file]);
  return (result?.messages ?? []).filter((message) => message.ruleId === 'boundaries/dependencies').map((message) => message.message);
}

const probe = `fence-probe-${process.pid}`;

// Linting loads the whole configuration and the TypeScript parser: slow on a busy machine.
describe('the import fences', { timeout: 120_000 }, () => {
  it('let a room import what it lists, through the front door', async () => {
    expect(await fenceErrors(`electron/engine/${probe}.ts`, "export type { FactInput } from '../common/decision-api';\n")).toEqual([]);
    const renderer =
      "export { loadMap } from '../../electron/engine';\nexport { evaluateCase } from '../../electron/cases/core';\nexport type { Result } from '../../electron/common/ipc';\n";
    expect(await fenceErrors(`renderer/src/${probe}.ts`, renderer)).toEqual([]);
  });

  it('refuse a room that is not on the list', async () => {
    expect(await fenceErrors(`electron/engine/${probe}.ts`, "export { createServer } from '../server';\n")).toEqual([
      expect.stringContaining('"engine" to elements of type "server"'),
    ]);
    expect(await fenceErrors(`renderer/src/${probe}.ts`, "export type { Workbench } from '../../electron/workbench';\n")).toEqual([
      expect.stringContaining('"renderer" to elements of type "workbench"'),
    ]);
    expect(await fenceErrors(`electron/common/ipc/${probe}.ts`, "export { loadMap } from '../../engine';\n")).toEqual([
      expect.stringContaining('"common" to elements of type "engine"'),
    ]);
  });

  it('refuse a package that is not on the list (the engine has no Node I/O, common no HTTP)', async () => {
    expect(await fenceErrors(`electron/engine/${probe}.ts`, "export { readFileSync } from 'node:fs';\n")).toEqual([
      expect.stringContaining('module source "node:fs"'),
    ]);
    expect(await fenceErrors(`electron/common/ipc/${probe}.ts`, "export { fastify } from 'fastify';\n")).toEqual([
      expect.stringContaining('module source "fastify"'),
    ]);
  });

  it('refuse an import that bypasses a front door', async () => {
    expect(
      await fenceErrors(`renderer/src/${probe}.ts`, "export { TestCaseSchema } from '../../electron/cases/core/model/schema';\n"),
    ).toEqual([expect.stringContaining('front door')]);
    expect(await fenceErrors(`electron/workbench/${probe}.ts`, "export { openDatabase } from '../store/database';\n")).toEqual([
      expect.stringContaining('front door'),
    ]);
  });

  it('keep a new folder closed to everyone until it is allowed', async () => {
    const room = join(root, 'electron', probe);
    mkdirSync(room);
    created.push(room);
    writeFileSync(join(room, 'index.ts'), 'export const answer = 42;\n');
    expect(await fenceErrors(`electron/server/${probe}.ts`, `export { answer } from '../${probe}';\n`)).toEqual([
      expect.stringContaining('"server" to entities of module with origin "local"'),
    ]);
    const [unknown] = await eslint.lintFiles([join(room, 'index.ts')]);
    expect(unknown?.messages.map((message) => message.ruleId)).toEqual(['boundaries/no-unknown-files']);
  });
});
