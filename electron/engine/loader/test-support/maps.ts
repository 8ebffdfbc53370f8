/**
 * Helpers for loader tests: fixture files, inline maps with known line numbers, and diagnostic lookups.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Diagnostic, KnowledgeMap, LoadResult } from '../../model/types';
import { loadMap } from '../index';

/** Text of a fixture map in `../fixtures`. */
function fixtureText(name: string): string {
  return readFileSync(fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url)), 'utf8');
}

/** Load a fixture map. */
export function loadFixture(name: string): LoadResult {
  return loadMap(fixtureText(name));
}

/** The map of a result that must have one. */
export function mapOf(result: LoadResult): KnowledgeMap {
  if (result.map === undefined) throw new Error(`no map: ${JSON.stringify(result.diagnostics)}`);
  return result.map;
}

const HEADER = '<?xml version="1.0" encoding="utf-8"?>\n<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">\n';

/**
 * Wrap `body` lines in the XML declaration and root. The first body line is line 3 of the file, so
 * a test can say where it expects a diagnostic.
 */
export function inlineMap(...body: string[]): string {
  return `${HEADER}${body.join('\n')}\n</rbl:kb>\n`;
}

/** Load an inline map (see {@link inlineMap}). */
export function loadInline(...body: string[]): LoadResult {
  return loadMap(inlineMap(...body));
}

/** Compact form for assertions: `3:5 error name/undeclared-concept`. */
export function brief(diagnostic: Diagnostic): string {
  return `${diagnostic.line}:${diagnostic.column} ${diagnostic.severity} ${diagnostic.code}`;
}

/** Column (1-based) of the first occurrence of `needle` in `line`; throws when absent, to keep tests honest. */
export function columnOf(line: string, needle: string): number {
  const index = line.indexOf(needle);
  if (index < 0) throw new Error(`'${needle}' not in '${line}'`);
  return index + 1;
}
