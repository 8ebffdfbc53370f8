/**
 * Case files named on the command line: files, or folders searched for `*.json` (recursively,
 * skipping `node_modules` and dot folders). Every format the importers know is accepted; all files
 * are read before anything runs, so one bad file stops the run with its place named.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { importCases, type ImportNote } from '../../../cases';
import { describeProblem, type CaseProblem } from '../../../cases/core';
import type { TestCase } from '../../../cases/core';

interface LoadedCases {
  readonly cases: TestCase[];
  /** What importers could not carry over, as `file: path: message` lines. */
  readonly notes: string[];
}

type LoadResult = { readonly ok: true; readonly value: LoadedCases } | { readonly ok: false; readonly message: string };

async function filesUnder(path: string): Promise<string[]> {
  const info = await stat(path);
  if (info.isFile()) return [path];
  const entries = await readdir(path, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !entry.name.startsWith('.') || entry.name === '.rainbird-tests')
      .filter((entry) => entry.name !== 'node_modules')
      .map((entry) => {
        const child = join(path, entry.name);
        if (entry.isDirectory()) return filesUnder(child);
        return Promise.resolve(entry.name.toLowerCase().endsWith('.json') ? [child] : []);
      }),
  );
  return nested.flat().sort();
}

function noteLine(file: string, note: ImportNote): string {
  return `${file}: ${note.caseName ? `${note.caseName}: ` : ''}${note.path}: ${note.message}`;
}

/** Reads every case of `paths`; `mapId` is given to formats that do not name a map (Studio suites). */
export async function loadCaseFiles(paths: readonly string[], options: { mapId?: string; cwd?: string } = {}): Promise<LoadResult> {
  const cwd = options.cwd ?? process.cwd();
  const files: string[] = [];
  for (const path of paths) {
    try {
      files.push(...(await filesUnder(path)));
    } catch (error) {
      return {
        ok: false,
        message: `${path}: ${error instanceof Error && 'code' in error && error.code === 'ENOENT' ? 'no such file or folder' : String(error)}`,
      };
    }
  }
  if (files.length === 0) return { ok: false, message: `no case files (*.json) in ${paths.join(', ')}` };
  const cases: TestCase[] = [];
  const notes: string[] = [];
  for (const file of files) {
    const near = relative(cwd, file);
    const shown = near !== '' && !near.startsWith('..') ? near : file;
    const imported = importCases(await readFile(file, 'utf8'), {
      file: shown,
      ...(options.mapId === undefined ? {} : { mapId: options.mapId }),
    });
    if (!imported.ok) return { ok: false, message: describeProblem(imported.error as CaseProblem) };
    cases.push(...imported.value.cases);
    notes.push(...imported.value.notCarried.map((note) => noteLine(shown, note)));
  }
  return { ok: true, value: { cases, notes } };
}
