/**
 * `lapwing map check FILE...`: load each map and print its diagnostics as `FILE:LINE:COLUMN: severity: message`,
 * then one summary line. Exit code 0 when every file loads without errors, 1 otherwise.
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { loadMap } from '../../engine';
import type { Diagnostic } from '../../engine';
import type { CliContext } from '../io';

interface Options {
  readonly verbose?: boolean;
}

interface Tally {
  files: number;
  ok: number;
  withErrors: number;
  unreadable: number;
  errors: number;
  warnings: number;
  infos: number;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `3 files checked: 2 ok, 1 with errors (4 errors, 2 warnings)`. */
export function summarize(tally: Tally, verbose: boolean): string {
  const parts = [`${tally.ok} ok`];
  if (tally.withErrors > 0) parts.push(`${tally.withErrors} with errors`);
  if (tally.unreadable > 0) parts.push(`${tally.unreadable} unreadable`);
  const counts = [plural(tally.errors, 'error'), plural(tally.warnings, 'warning')];
  if (tally.infos > 0) counts.push(plural(tally.infos, 'note'));
  const hint = tally.infos > 0 && !verbose ? '; --verbose shows the notes' : '';
  return `${plural(tally.files, 'file')} checked: ${parts.join(', ')} (${counts.join(', ')}${hint})`;
}

function format(file: string, diagnostic: Diagnostic): string {
  return `${file}:${diagnostic.line}:${diagnostic.column}: ${diagnostic.severity}: ${diagnostic.message}`;
}

async function checkFiles(files: readonly string[], options: Options, context: CliContext): Promise<void> {
  const { io } = context;
  const verbose = options.verbose === true;
  const tally: Tally = { files: files.length, ok: 0, withErrors: 0, unreadable: 0, errors: 0, warnings: 0, infos: 0 };
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      io.err(`${file}: cannot read: ${reason}\n`);
      tally.unreadable++;
      continue;
    }
    const result = loadMap(text, { fileName: file });
    for (const diagnostic of result.diagnostics) {
      if (diagnostic.severity === 'error') tally.errors++;
      else if (diagnostic.severity === 'warning') tally.warnings++;
      else tally.infos++;
      if (diagnostic.severity !== 'info' || verbose) io.out(`${format(file, diagnostic)}\n`);
    }
    if (result.ok) tally.ok++;
    else tally.withErrors++;
  }
  io.out(`${summarize(tally, verbose)}\n`);
  context.exitCode = tally.ok === tally.files ? 0 : 1;
}

/** Adds `check` to the `map` command group. */
export function registerMapCheck(map: Command, context: CliContext): void {
  map
    .command('check')
    .description('load RBLang maps and report their problems (exit code 1 when any map has errors)')
    .argument('<files...>', 'map files (.rbl, .rblang, .xml)')
    .option('-v, --verbose', 'also show notes (remarks on valid maps, such as relationships only injection can fill)')
    .action((files: string[], options: Options) => checkFiles(files, options, context));
}
