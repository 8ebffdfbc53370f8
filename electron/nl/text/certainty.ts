/**
 * Certainty phrases: "I'm 80% sure", "definitely", "probably", "maybe".
 *
 * The word table is documented in docs/nl.md ("Certainty phrases"); change both together. Numbers
 * are taken as said (a certainty outside 1-100 is reported as invalid by the caller, never clamped).
 */
import type { Token } from './tokens';

/** Certainty words and phrases, longest first where they overlap. */
export const CERTAINTY_PHRASES: readonly (readonly [phrase: string, certainty: number])[] = [
  ['without a doubt', 100],
  ['without doubt', 100],
  ['no doubt', 100],
  ['for certain', 100],
  ['for sure', 100],
  ['i am certain', 100],
  ['i am sure', 100],
  ['i am positive', 100],
  ['i know', 100],
  ['definitely', 100],
  ['certainly', 100],
  ['absolutely', 100],
  ['surely', 100],
  ['almost certainly', 90],
  ['almost certain', 90],
  ['very likely', 90],
  ['very probably', 90],
  ['highly likely', 90],
  ['most likely', 90],
  ['i am pretty sure', 90],
  ['i am quite sure', 90],
  ['pretty sure', 90],
  ['quite sure', 90],
  ['i am fairly sure', 80],
  ['pretty certain', 90],
  ['quite certain', 90],
  ['pretty confident', 90],
  ['quite confident', 90],
  ['fairly sure', 80],
  ['fairly confident', 80],
  ['reasonably sure', 80],
  ['fairly certain', 80],
  ['probably', 75],
  ['likely', 75],
  ['i think', 75],
  ['i believe', 75],
  ['i reckon', 75],
  ['i guess', 60],
  ['i suppose', 60],
  ['maybe', 50],
  ['perhaps', 50],
  ['possibly', 50],
  ['might', 50],
  ['could be', 50],
  ['unlikely', 25],
  ['doubtful', 25],
];

const TABLE = CERTAINTY_PHRASES.map(([phrase, certainty]) => ({ words: phrase.split(' '), certainty })).sort(
  (a, b) => b.words.length - a.words.length,
);

/** A certainty found in a token range; `weak` when only a bare percentage was seen. */
interface CertaintyMatch {
  readonly certainty: number;
  /** Token range `[from, to)` to remove before reading the rest. */
  readonly from: number;
  readonly to: number;
  readonly weak: boolean;
}

const SURE_WORDS = new Set(['sure', 'certain', 'confident', 'likely', 'chance', 'certainty', 'confidence', 'probability']);
const LEAD_WORDS = new Set(['with', 'certainty', 'cf', 'confidence', 'probability', 'at']);

const ROUGHLY = new Set(['about', 'around', 'roughly', 'approximately', 'maybe', 'nearly', 'almost']);

function percentAt(tokens: readonly Token[], index: number): { value: number; to: number } | undefined {
  const text = tokens[index]?.text;
  if (text === undefined) return undefined;
  const sign = /^-?\d+(?:\.\d+)?%$/.exec(text);
  if (sign) return { value: Number(text.slice(0, -1)), to: index + 1 };
  if (/^-?\d+(?:\.\d+)?$/.test(text)) {
    const next = tokens[index + 1]?.text;
    if (next === 'percent') return { value: Number(text), to: index + 2 };
    if (next === 'per' && tokens[index + 2]?.text === 'cent') return { value: Number(text), to: index + 3 };
  }
  return undefined;
}

function phraseAt(tokens: readonly Token[], index: number): { certainty: number; to: number } | undefined {
  for (const entry of TABLE) {
    if (entry.words.every((word, offset) => tokens[index + offset]?.text === word)) {
      // "not sure" and "not likely" say the opposite; the yes/no reader deals with negation.
      if (tokens[index - 1]?.text === 'not') continue;
      return { certainty: entry.certainty, to: index + entry.words.length };
    }
  }
  return undefined;
}

/** "sure *of that*", "certain *about it*": the words pointing back at the fact go with the phrase. */
function sureOf(tokens: readonly Token[], end: number, to: number): number {
  const [about, what] = [tokens[end]?.text, tokens[end + 1]?.text];
  const pointsBack = end + 2 <= to && (about === 'of' || about === 'about') && (what === 'that' || what === 'it' || what === 'this');
  return pointsBack ? end + 2 : end;
}

/**
 * Finds certainty phrases in `tokens[from, to)`. A percentage counts when it is said to be a
 * certainty ("80% sure", "with 80% certainty", "cf 80"); a bare "80%" is returned as weak, since it
 * may be the value itself (a rate typed as a number).
 */
export function findCertainties(tokens: readonly Token[], from = 0, to = tokens.length): CertaintyMatch[] {
  const found: CertaintyMatch[] = [];
  for (let index = from; index < to; index++) {
    const word = tokens[index].text;
    // "certainty 80", "cf 80", "certainty of 80"
    if ((word === 'certainty' || word === 'cf' || word === 'confidence') && index + 1 < to) {
      let at = index + 1;
      if (tokens[at].text === 'of' || tokens[at].text === 'is' || tokens[at].text === ':' || tokens[at].text === '=') at++;
      const percent = percentAt(tokens, at);
      const plain = /^-?\d+(?:\.\d+)?$/.test(tokens[at]?.text ?? '') ? { value: Number(tokens[at].text), to: at + 1 } : undefined;
      const value = percent ?? plain;
      if (value) {
        found.push({ certainty: value.value, from: index, to: value.to, weak: false });
        index = value.to - 1;
        continue;
      }
    }
    const percent = percentAt(tokens, index);
    if (percent) {
      let start = index;
      let end = percent.to;
      let weak = true;
      if (end < to && SURE_WORDS.has(tokens[end].text)) {
        end++;
        weak = false;
      }
      // "comes in *at 5.8%* and sells…": "at" before a percentage the clause goes on after is a value, not a certainty.
      const goesOn =
        end < to &&
        !tokens[end].punctuation &&
        !SURE_WORDS.has(tokens[end].text) &&
        !['certainty', 'confidence', 'that'].includes(tokens[end].text);
      if (start > from && LEAD_WORDS.has(tokens[start - 1].text) && !(tokens[start - 1].text === 'at' && goesOn)) {
        start--;
        weak = false;
        if (end < to && (tokens[end].text === 'certainty' || tokens[end].text === 'confidence')) end++;
      }
      // "about 80% sure": a rough percentage is still the certainty said.
      if (!weak && start > from && ROUGHLY.has(tokens[start - 1].text)) start--;
      // "I'm 80% sure", "I am 80 percent certain"
      if (!weak && start >= 2 && tokens[start - 2].text === 'i' && tokens[start - 1].text === 'am') start -= 2;
      if (!weak) end = sureOf(tokens, end, to);
      found.push({ certainty: percent.value, from: start, to: end, weak });
      index = end - 1;
      continue;
    }
    const phrase = phraseAt(tokens, index);
    if (phrase) {
      // "I'm pretty certain that Omar owns…": the speaker before the phrase and "that" after it go with it.
      const sure = SURE_WORDS.has(tokens[phrase.to - 1].text);
      const start = sure && index >= from + 2 && tokens[index - 2].text === 'i' && tokens[index - 1].text === 'am' ? index - 2 : index;
      const end =
        phrase.to < to && tokens[phrase.to].text === 'that' && sure ? phrase.to + 1 : sure ? sureOf(tokens, phrase.to, to) : phrase.to;
      found.push({ certainty: phrase.certainty, from: start, to: end, weak: false });
      index = end - 1;
    }
  }
  return found;
}
