/**
 * Which `lapwing` bin/lapwing.mjs runs: the build in out/cli only while no source is newer than it
 * (an edit must never run stale code), else the sources through tsx. Checked on a scratch project
 * folder with real files and modification times.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtCli } from '../../bin/built-cli.mjs';

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A project with a source file and a test, dated `sourcesAt` (seconds since the epoch). */
function project(sourcesAt: number): string {
  const root = mkdtempSync(join(tmpdir(), 'lapwing-built-cli-'));
  roots.push(root);
  mkdirSync(join(root, 'electron', 'cli'), { recursive: true });
  for (const file of ['electron/cli/main.ts', 'electron/cli/main.test.ts', 'cli.vite.config.ts']) {
    writeFileSync(join(root, file), '');
    utimesSync(join(root, file), sourcesAt, sourcesAt);
  }
  for (const folder of ['electron/cli', 'electron']) utimesSync(join(root, folder), sourcesAt, sourcesAt);
  return root;
}

/** Writes out/cli/lapwing.js dated `builtAt`; returns its path. */
function build(root: string, builtAt: number): string {
  mkdirSync(join(root, 'out', 'cli'), { recursive: true });
  const entry = join(root, 'out', 'cli', 'lapwing.js');
  writeFileSync(entry, '');
  utimesSync(entry, builtAt, builtAt);
  return entry;
}

describe('bin/lapwing.mjs runs', () => {
  it('the build while it is newer than every source', () => {
    const root = project(1_000);
    const entry = build(root, 2_000);
    expect(builtCli(root, {})).toBe(entry);
  });

  it('the sources when there is no build (a fresh clone)', () => {
    expect(builtCli(project(1_000), {})).toBeNull();
  });

  it('the sources once a source, the build config or a folder (a file removed) is newer than the build', () => {
    for (const changed of ['electron/cli/main.ts', 'cli.vite.config.ts', 'electron/cli']) {
      const root = project(1_000);
      build(root, 2_000);
      utimesSync(join(root, changed), 3_000, 3_000);
      expect(builtCli(root, {}), changed).toBeNull();
    }
  });

  it('the build when only a test changed (tests are not built)', () => {
    const root = project(1_000);
    const entry = build(root, 2_000);
    utimesSync(join(root, 'electron/cli/main.test.ts'), 3_000, 3_000);
    expect(builtCli(root, {})).toBe(entry);
  });

  it('the sources when LAPWING_FROM_SOURCES=1 asks for them', () => {
    const root = project(1_000);
    build(root, 2_000);
    expect(builtCli(root, { LAPWING_FROM_SOURCES: '1' })).toBeNull();
  });
});
