/**
 * Phrases said for a modal verb, turned into the modal the map names relationships with:
 * - "have to" for "must": "Does Hive 12 *have to* be reported?" is "*Must* Hive 12 be reported?",
 *   "Hive 12 *has to* be reported" is "Hive 12 *must* be reported";
 * - "be allowed/permitted to" for "may" (or "can"): "*Is* Hugh *allowed to* sell honey?" is "*May*
 *   Hugh sell honey?".
 * Only where the map names something with that modal: elsewhere the words keep their own readings
 * ("What does Ann have to pay?" for "pays").
 */
import type { Token } from '../text/tokens';
import type { Vocabulary } from '../vocabulary/types';
import { FINITE_BE } from './lexicon';

const DO = new Set(['do', 'does', 'did']);
const HAVE = new Set(['have', 'has', 'had']);
const BE = new Set([...FINITE_BE, 'am']);
const ALLOWED = new Set(['allowed', 'permitted']);

/** The first word of the map's relationship names that is one of `modals`, if any. */
function mapModal(vocabulary: Vocabulary, modals: readonly string[]): string | undefined {
  const firsts = new Set(vocabulary.relationships.map((entry) => entry.relationship.name.split(' ')[0]));
  return modals.find((modal) => firsts.has(modal));
}

/** Where the auxiliary opening a question stands, up to six words before `index` ("*Does* Hive 12 have to…"). */
function openingAux(tokens: readonly Token[], index: number, opens: ReadonlySet<string>): number {
  for (let back = index - 1; back >= Math.max(0, index - 6); back--) {
    if (tokens[back].punctuation) return -1;
    if (opens.has(tokens[back].text)) return back;
  }
  return -1;
}

/**
 * Replaces `<aux> … <phrase>` (a question) or `<phrase>` (a statement) by the modal: the phrase is
 * `length` tokens from `index`, its first token (have/be) kept as the modal in a statement.
 */
function toModal(out: Token[], index: number, length: number, modal: string, opens: ReadonlySet<string>): void {
  const question = openingAux(out, index, opens);
  if (question >= 0) {
    out[question] = { ...out[question], text: modal };
    out.splice(index, length);
  } else {
    out[index] = { ...out[index], text: modal };
    out.splice(index + 1, length - 1);
  }
}

/** The tokens with "have to" and "be allowed to" said as the map's modal (offsets kept). */
export function plainModals(vocabulary: Vocabulary, tokens: readonly Token[]): Token[] {
  const out = [...tokens];
  const must = mapModal(vocabulary, ['must']);
  const may = mapModal(vocabulary, ['may', 'can']);
  if (!must && !may) return out;
  for (let index = 1; index < out.length - 2; index++) {
    const [word, next, after] = [out[index].text, out[index + 1].text, out[index + 2]];
    if (must && HAVE.has(word) && next === 'to' && !after.punctuation) toModal(out, index, 2, must, DO);
    else if (may && BE.has(word) && ALLOWED.has(next) && after.text === 'to' && index + 3 < out.length)
      toModal(out, index, 3, may, new Set());
    else if (may && ALLOWED.has(word) && next === 'to' && !after.punctuation && index >= 2 && openingAux(out, index, BE) >= 0)
      // "Is Hugh allowed to…", "Which sites is Samir allowed to dive at?": the "be" before the subject asks.
      toModal(out, index, 2, may, BE);
  }
  return out;
}
