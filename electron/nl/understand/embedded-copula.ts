/**
 * "Could you tell me what Rex's body weight *is*, please?": a question embedded in a request keeps
 * statement order, its "be" last. Put back after the question word ("what is Rex's body weight"),
 * the question reads as asked directly. Only after a lead-in that asks, for "who", "where", "when"
 * and for "what" before an article or a possessive (after "which <noun>" or "what <noun>" the words
 * could be the question's own noun: "what tier Main Stage is").
 */
import type { Token } from '../text/tokens';
import { skipLeadIns } from './context';
import { ARTICLES, FINITE_BE, TRAILING_FILLERS } from './lexicon';

const OPEN = new Set(['who', 'where', 'when']);
const FILLERS = new Set(TRAILING_FILLERS.filter((phrase) => !phrase.includes(' ')));

/** The tokens with an embedded question's closing "be" moved after its question word. */
export function embeddedCopulaFirst(tokens: readonly Token[]): Token[] {
  const lead = skipLeadIns(tokens, 0, tokens.length);
  const wh = lead.index;
  if (!lead.question || wh === 0) return [...tokens];
  const word = tokens[wh]?.text ?? '';
  const next = tokens[wh + 1]?.text ?? '';
  let end = tokens.length - 1;
  while (end > wh && (tokens[end].punctuation || FILLERS.has(tokens[end].text))) end--;
  if (end <= wh + 1 || !FINITE_BE.has(tokens[end].text) || FINITE_BE.has(next)) return [...tokens];
  const span = tokens.slice(wh + 1, end);
  if (span.some((token) => token.punctuation)) return [...tokens];
  const opens = OPEN.has(word) || (word === 'what' && (ARTICLES.has(next) || span.some((token) => token.text === "'s")));
  if (!opens) return [...tokens];
  return [...tokens.slice(0, wh + 1), tokens[end], ...span, ...tokens.slice(end + 1)];
}
