/**
 * A change of value said as the new value: "the annual rent on Plot 4A *has gone up to* £40", "Rex's
 * weight *has dropped to* 25 kg", "the fee *is now* £12" state the value now, as "is" would. Only
 * before a number (an amount, a count, a measure), so "gone up to the office" is left alone.
 */
import { digitsValue, parseNumber } from '../text/numbers';
import type { Token } from '../text/tokens';

const HAVE = new Set(['has', 'have', 'had']);
const MOTIONS = new Set(['gone', 'went', 'go', 'goes', 'come', 'came', 'moved', 'put', 'been']);
const DIRECTIONS = new Set(['up', 'down']);
const CHANGES = new Set([
  'risen',
  'rose',
  'rises',
  'fallen',
  'fell',
  'falls',
  'increased',
  'decreased',
  'dropped',
  'changed',
  'raised',
  'reduced',
  'cut',
  'grown',
  'grew',
  'climbed',
  'jumped',
  'updated',
  'set',
]);

function valueFollows(tokens: readonly Token[], at: number): boolean {
  const word = tokens[at];
  if (!word || word.punctuation) return false;
  return digitsValue(word.text) !== undefined || parseNumber([word]) !== undefined;
}

/** The end of a change phrase starting at `at` ("has gone up to", "rose to", "is now"), just before the value; -1 if none. */
function changeEnd(tokens: readonly Token[], at: number): number {
  let index = at;
  const text = (offset: number): string => tokens[offset]?.text ?? '';
  if (text(index) === 'is' || text(index) === 'are') return text(index + 1) === 'now' && valueFollows(tokens, index + 2) ? index + 2 : -1;
  if (HAVE.has(text(index))) index++;
  if (text(index) === 'been') index++;
  if (MOTIONS.has(text(index)) && DIRECTIONS.has(text(index + 1))) index += 2;
  else if (CHANGES.has(text(index))) index++;
  else return -1;
  if (text(index) !== 'to') return -1;
  index++;
  return valueFollows(tokens, index) ? index : -1;
}

/** The tokens with each change phrase before a value read as "is" (offsets kept: the phrase's span). */
export function plainChanges(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const end = index > 0 ? changeEnd(tokens, index) : -1;
    if (end < 0) {
      out.push(tokens[index]);
      continue;
    }
    out.push({ ...tokens[index], text: 'is', end: tokens[end - 1].end });
    index = end - 1;
  }
  return out;
}
