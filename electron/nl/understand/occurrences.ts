/** Where relationship names occur in a sentence, and which occurrences make its clauses. */
import type { Token } from '../text/tokens';
import type { RelationshipEntry, SurfaceForm, Vocabulary } from '../vocabulary/types';
import { ARTICLES } from './lexicon';

export interface Occurrence {
  readonly entry: RelationshipEntry;
  readonly form: SurfaceForm;
  /** Token range `[from, to)` in the sentence. */
  readonly from: number;
  readonly to: number;
  /** Longer and more specific forms weigh more. */
  readonly weight: number;
}

/** Occurrences covering the same tokens: different relationships (or forms) that read alike. */
interface OccurrenceGroup {
  readonly from: number;
  readonly to: number;
  readonly alternatives: readonly Occurrence[];
}

const KIND_WEIGHT: Readonly<Record<SurfaceForm['kind'], number>> = { full: 3, noun: 3, split: 2, bare: 0 };
/** A derived form weighs less than the map's own words, a synonym less than a word's own derivation. */
const DERIVED_PENALTY: Readonly<Record<NonNullable<SurfaceForm['derived']>, number>> = { morphology: 1, synonym: 2 };

type FormIndex = ReadonlyMap<string, readonly { entry: RelationshipEntry; form: SurfaceForm }[]>;
const indexes = new WeakMap<Vocabulary, FormIndex>();

/** Forms by their first word, built once per vocabulary. */
function formIndex(vocabulary: Vocabulary): FormIndex {
  let index = indexes.get(vocabulary);
  if (!index) {
    const built = new Map<string, { entry: RelationshipEntry; form: SurfaceForm }[]>();
    for (const entry of vocabulary.relationships) {
      for (const form of entry.forms) {
        const first = form.words[0];
        built.set(first, [...(built.get(first) ?? []), { entry, form }]);
      }
    }
    index = built;
    indexes.set(vocabulary, index);
  }
  return index;
}

const DETERMINERS = new Set(['a', 'an', 'the', 'his', 'her', 'their', 'its', 'my', 'your', 'our', 'this', 'that']);

/** End of a match of `words` at `start` (articles may be dropped or swapped), or undefined. */
function matchAt(words: readonly string[], tokens: readonly Token[], start: number): number | undefined {
  let t = start;
  for (let w = 0; w < words.length; w++) {
    const word = words[w];
    const token = tokens[t];
    if (token && !token.punctuation && token.text === word) {
      t++;
      continue;
    }
    if (ARTICLES.has(word) && w > 0) {
      if (token && ARTICLES.has(token.text)) t++;
      continue;
    }
    // "Has Priya *paid her rent*?" for "has paid rent": a determiner inside the name's words.
    if (w > 0 && token && DETERMINERS.has(token.text) && tokens[t + 1]?.text === word) {
      t += 2;
      continue;
    }
    return undefined;
  }
  return t;
}

/** Every occurrence of every relationship form in `tokens`. */
export function findOccurrences(vocabulary: Vocabulary, tokens: readonly Token[]): Occurrence[] {
  const index = formIndex(vocabulary);
  const found: Occurrence[] = [];
  tokens.forEach((token, start) => {
    if (token.punctuation) return;
    for (const { entry, form } of index.get(token.text) ?? []) {
      const end = matchAt(form.words, tokens, start);
      if (end === undefined) continue;
      found.push({
        entry,
        form,
        from: start,
        to: end,
        weight: form.words.length * 2 + KIND_WEIGHT[form.kind] - (form.derived ? DERIVED_PENALTY[form.derived] : 0),
      });
    }
  });
  return found;
}

/** Non-overlapping groups, heaviest first, returned in sentence order. */
export function chooseGroups(occurrences: readonly Occurrence[]): OccurrenceGroup[] {
  const bySpan = new Map<string, Occurrence[]>();
  for (const occurrence of occurrences) {
    const key = `${occurrence.from}:${occurrence.to}`;
    bySpan.set(key, [...(bySpan.get(key) ?? []), occurrence]);
  }
  const groups = [...bySpan.values()].map((alternatives) => ({
    from: alternatives[0].from,
    to: alternatives[0].to,
    alternatives,
    weight: Math.max(...alternatives.map((occurrence) => occurrence.weight)),
  }));
  groups.sort((a, b) => b.weight - a.weight || a.from - b.from);
  const chosen: OccurrenceGroup[] = [];
  for (const group of groups) {
    if (chosen.some((other) => group.from < other.to && other.from < group.to)) continue;
    chosen.push({ from: group.from, to: group.to, alternatives: group.alternatives });
  }
  return chosen.sort((a, b) => a.from - b.from);
}

/** Alternatives of groups that overlap a chosen group (kept so a better reading can still win). */
export function overlapping(occurrences: readonly Occurrence[], group: OccurrenceGroup): Occurrence[] {
  return occurrences.filter(
    (occurrence) => occurrence.from < group.to && group.from < occurrence.to && !group.alternatives.includes(occurrence),
  );
}
