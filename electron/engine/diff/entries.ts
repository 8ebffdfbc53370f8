/** Small builders shared by the diff passes: values as the report writes them, attribute comparison. */
import type { MapDiffChange, MapDiffValue } from '../../common/map-diff';
import type { Term } from '../model/types';

/** A header or condition end as written: `%S`, or the literal. */
export function termText(term: Term): string {
  return term.kind === 'variable' ? `%${term.name}` : String(term.value);
}

/** One compared attribute: path, label and both values. */
export interface Attribute {
  readonly path: string;
  readonly label: string;
  readonly before: MapDiffValue | undefined;
  readonly after: MapDiffValue | undefined;
}

/** The changes among `attributes` (values compared strictly; absent on one side counts as a change). */
export function changedAttributes(
  attributes: readonly Attribute[],
  lines: { readonly before?: number; readonly after?: number } = {},
): MapDiffChange[] {
  return attributes
    .filter((attribute) => attribute.before !== attribute.after)
    .map((attribute) => ({
      path: attribute.path,
      label: attribute.label,
      ...(attribute.before === undefined ? {} : { before: attribute.before }),
      ...(attribute.after === undefined ? {} : { after: attribute.after }),
      ...(lines.before === undefined ? {} : { beforeLine: lines.before }),
      ...(lines.after === undefined ? {} : { afterLine: lines.after }),
    }));
}

/** Names and values compared by what they mean: whitespace runs are one space. */
export function normalText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
