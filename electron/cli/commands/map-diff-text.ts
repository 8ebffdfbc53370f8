/** The semantic diff report as text for a terminal: one line per entry, its changes indented. */
import type { MapDiffEntry, MapDiffReport, MapDiffValue } from '../../common/map-diff';

const MARK: Record<MapDiffEntry['status'], string> = { added: '+', removed: '-', changed: '~', renamed: '~' };

function value(text: MapDiffValue | undefined): string {
  if (text === undefined) return '(none)';
  return typeof text === 'string' ? JSON.stringify(text) : String(text);
}

function lines(entry: MapDiffEntry): string {
  const before = entry.before?.line;
  const after = entry.after?.line;
  if (before !== undefined && after !== undefined) return before === after ? `line ${after}` : `line ${before} → ${after}`;
  return `line ${before ?? after ?? '?'}`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export function formatDiffReport(report: MapDiffReport, labels: { readonly before: string; readonly after: string }): string {
  const out: string[] = [`${labels.before} → ${labels.after}`];
  for (const problem of report.problems)
    out.push(`! ${problem.side === 'before' ? labels.before : labels.after}:${problem.line}:${problem.column}: error: ${problem.message}`);
  if (report.same) {
    out.push('The maps mean the same.');
    return `${out.join('\n')}\n`;
  }
  for (const entry of report.entries) {
    out.push(`${MARK[entry.status]} ${entry.label}${entry.status === 'renamed' ? ' (renamed)' : ''}  (${lines(entry)})`);
    for (const change of entry.changes) out.push(`    ${change.label}: ${value(change.before)} → ${value(change.after)}`);
  }
  const totals = Object.entries(report.summary)
    .filter(([, counts]) => counts.added + counts.removed + counts.changed > 0)
    .map(
      ([kind, counts]) =>
        `${kind}s ${[counts.added ? `${counts.added} added` : '', counts.removed ? `${counts.removed} removed` : '', counts.changed ? `${counts.changed} changed` : ''].filter(Boolean).join(', ')}`,
    );
  out.push(
    totals.length > 0 ? `${plural(report.entries.length, 'difference')}: ${totals.join('; ')}` : 'The maps differ: a side did not load.',
  );
  return `${out.join('\n')}\n`;
}
