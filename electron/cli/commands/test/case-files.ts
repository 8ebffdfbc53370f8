/**
 * Case files named on the command line: files, or folders searched for `*.json` and `*.cases.csv`
 * (recursively, skipping `node_modules` and dot folders). Every format the importers know is
 * accepted, and CSV tables of cases (`importCsvCases`); all files are read before anything runs,
 * so one bad file stops the run with its place named. Each case gets its identity (`caseIdentities`),
 * what `--shard` hashes.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { caseIdentities, importCases, importCsvCases, type ImportNote } from '../../../cases';
import { describeProblem, type CaseProblem } from '../../../cases/core';
import type { TestCase } from '../../../cases/core';

interface LoadedCases {
  readonly cases: TestCase[];
  /** Each case's identity in the suite, in the same order (see `caseIdentities`). */
  readonly identities: string[];
  /** What importers could not carry over, as `file: path: message` lines. */
  readonly notes: string[];
}

type LoadResult = { readonly ok: true; readonly value: LoadedCases } | { readonly ok: false; readonly message: string };

/** Files a folder search picks up: JSON case files and CSV tables of cases (other CSVs, like logs, are left alone). */
function isCaseFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.endsWith('.json') || lower.endsWith('.cases.csv');
}

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
        return Promise.resolve(isCaseFileName(entry.name) ? [child] : []);
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
  if (files.length === 0) return { ok: false, message: `no case files (*.json, *.cases.csv) in ${paths.join(', ')}` };
  const cases: TestCase[] = [];
  const sources: { id?: string | undefined; name: string; file: string }[] = [];
  const notes: string[] = [];
  for (const file of files) {
    const near = relative(cwd, file);
    const shown = near !== '' && !near.startsWith('..') ? near : file;
    const importOptions = { file: shown, ...(options.mapId === undefined ? {} : { mapId: options.mapId }) };
    const text = await readFile(file, 'utf8');
    const imported = file.toLowerCase().endsWith('.csv') ? importCsvCases(text, importOptions) : importCases(text, importOptions);
    if (!imported.ok) return { ok: false, message: describeProblem(imported.error as CaseProblem) };
    cases.push(...imported.value.cases);
    sources.push(...imported.value.cases.map((testCase) => ({ id: testCase.id, name: testCase.name, file: shown })));
    notes.push(...imported.value.notCarried.map((note) => noteLine(shown, note)));
  }
  return { ok: true, value: { cases, identities: caseIdentities(sources), notes } };
}
