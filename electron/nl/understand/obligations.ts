/**
 * "have to" said for "must": "Does Hive 12 *have to* be reported?" is "*Must* Hive 12 be reported?",
 * "Hive 12 *has to* be reported" is "Hive 12 *must* be reported", so names written with "must"
 * ("must be reported") read them. Only where the map names something with "must": elsewhere "have"
 * keeps its own readings ("What does Ann have to pay?" for "pays").
 */
import type { Token } from '../text/tokens';
import type { Vocabulary } from '../vocabulary/types';

const DO = new Set(['do', 'does', 'did']);
const HAVE = new Set(['have', 'has', 'had']);

/** The tokens with "have to" turned into "must" (offsets kept). */
export function plainObligations(vocabulary: Vocabulary, tokens: readonly Token[]): Token[] {
  if (!vocabulary.relationships.some((entry) => entry.relationship.name.split(' ')[0] === 'must')) return [...tokens];
  const out = [...tokens];
  for (let index = 1; index < out.length - 2; index++) {
    if (!HAVE.has(out[index].text) || out[index + 1].text !== 'to' || out[index + 2].punctuation) continue;
    let question = -1;
    for (let back = index - 1; back >= Math.max(0, index - 6); back--) {
      if (out[back].punctuation) break;
      if (DO.has(out[back].text)) {
        question = back;
        break;
      }
    }
    if (question >= 0) {
      // "Does X have to be…": the "do" opens the question, as "must" does.
      out[question] = { ...out[question], text: 'must' };
      out.splice(index, 2);
    } else {
      out[index] = { ...out[index], text: 'must' };
      out.splice(index + 1, 1);
    }
  }
  return out;
}
