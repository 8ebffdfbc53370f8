/**
 * The semantic diff of two loaded maps: concepts, instances, relationships, rules and stated
 * facts added, removed and changed, each change with its attribute and lines on both sides.
 * Pure: it reads the engine's model, never the text (so layout, comments and attribute order do
 * not count). The report type and schema are in `common/map-diff`.
 */
import type { MapDiffEntry, MapDiffKind, MapDiffReport } from '../../common/map-diff';
import type { LoadResult } from '../model/types';
import { diffDeclarations } from './declarations';
import { diffRules } from './rules';

const KIND_ORDER: readonly MapDiffKind[] = ['concept', 'instance', 'relationship', 'rule', 'fact'];

function lineOf(entry: MapDiffEntry): number {
  return entry.after?.line ?? entry.before?.line ?? 0;
}

function summaryOf(entries: readonly MapDiffEntry[]): MapDiffReport['summary'] {
  const summary = Object.fromEntries(KIND_ORDER.map((kind) => [kind, { added: 0, removed: 0, changed: 0 }])) as MapDiffReport['summary'];
  for (const entry of entries) {
    const counts = summary[entry.kind];
    if (entry.status === 'added') counts.added += 1;
    else if (entry.status === 'removed') counts.removed += 1;
    else counts.changed += 1;
  }
  return summary;
}

/**
 * Compares `before` with `after`. Each side's errors are listed in `problems`; a side with errors
 * is still compared as far as it loaded, and one that did not load at all makes the maps differ.
 */
export function diffMaps(before: LoadResult, after: LoadResult): MapDiffReport {
  const problems: MapDiffReport['problems'] = [];
  for (const [side, loaded] of [
    ['before', before],
    ['after', after],
  ] as const) {
    const errors = loaded.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    const shown = errors.length > 0 || loaded.map ? errors : [{ line: 1, column: 1, message: 'The map could not be loaded.' }];
    for (const { line, column, message } of shown) problems.push({ side, line, column, message });
  }
  if (!before.map || !after.map) return { same: false, entries: [], summary: summaryOf([]), problems };
  const entries = [...diffDeclarations(before.map, after.map), ...diffRules(before.map, after.map)].sort(
    (a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || lineOf(a) - lineOf(b),
  );
  return { same: entries.length === 0, entries, summary: summaryOf(entries), problems };
}
