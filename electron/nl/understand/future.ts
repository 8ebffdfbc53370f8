/**
 * The future said with "going to" or "will … be", read as the plain tense the map's forms use:
 * - "The Tweed Coat *is going to take* 2.5 hours" is "The Tweed Coat *will take* 2.5 hours", and
 *   "*Is* the Red Van *going to* need…?" / "How much *is* it *going to* cost…?" ask with "will";
 * - "What's the fee on Batch 31 *going to be*?" is "What's the fee on Batch 31?";
 * - "What *will* the hire cost of the Red Van *be*?" is "What *is* the hire cost of the Red Van?".
 * A future value is still the value the user means to record or ask about; the tense says only when.
 */
import { WH_WORDS } from './lexicon';
import type { Token } from '../text/tokens';

const BE = new Set(['is', 'are', 'am', 'was', 'were', "'s"]);

function endsClause(token: Token | undefined): boolean {
  return !token || token.punctuation;
}

/** The "be" that opens a question up to six words before `index` ("*Is* the Red Van going to…"), or -1. */
function openingBe(tokens: readonly Token[], index: number): number {
  for (let back = index - 1; back >= Math.max(0, index - 6); back--) {
    if (tokens[back].punctuation) return -1;
    if (BE.has(tokens[back].text)) return back;
  }
  return -1;
}

/** The tokens with "be going to" said as "will" and a closing future "be" left out (offsets kept). */
export function plainFuture(tokens: readonly Token[]): Token[] {
  const out = [...tokens];
  for (let index = 1; index < out.length - 2; index++) {
    if (out[index].text !== 'going' || out[index + 1].text !== 'to' || out[index + 2].punctuation) continue;
    if (out[index + 2].text === 'be' && endsClause(out[index + 3])) {
      // "…going to be?": the question's own "is" already asks.
      out.splice(index, 3);
      continue;
    }
    const be = BE.has(out[index - 1].text) ? index - 1 : openingBe(out, index);
    if (be < 0) continue;
    out[be] = { ...out[be], text: 'will' };
    out.splice(index, 2);
  }
  return closingBe(out);
}

/** "What will X be?" as "What is X?": a question word, "will" soon after it, and "be" closing the clause. */
function closingBe(tokens: Token[]): Token[] {
  const last = tokens.findLastIndex((token) => !token.punctuation);
  if (last < 2 || tokens[last].text !== 'be' || !WH_WORDS.has(tokens[0].text)) return tokens;
  const will = tokens.findIndex((token, index) => index <= 3 && token.text === 'will');
  if (will < 1) return tokens;
  const out = [...tokens];
  out[will] = { ...out[will], text: 'is' };
  out.splice(last, 1);
  return out;
}
