/**
 * "Which cheeses *do we* mature in Cellar 1?", "Which roofs *have we got* in Ashwell?": in a question
 * about the map's things, "we" is the user's own organisation, which the map never names. The
 * question is asked of the things themselves: "Which cheeses mature in Cellar 1?", "Which roofs are
 * in Ashwell?". Only when the question word is followed by the name of one of the map's concepts.
 */
import { parseDate } from '../text/dates';
import { verbBases } from '../text/derive';
import { basesOf, formsOf } from '../text/inflect';
import { words, type Token } from '../text/tokens';
import { phraseWordsOf, PREPOSITIONS } from '../vocabulary/relationship-forms';
import type { Vocabulary } from '../vocabulary/types';

const QUESTION_WORDS = new Set(['which', 'what']);
const DO = new Set(['do', 'did']);
const HAVE = new Set(['have', "'ve"]);

/** The end of a concept's name said from `from` ("cheeses", "cave rooms"), or -1. */
function conceptNameEnd(vocabulary: Vocabulary, tokens: readonly Token[], from: number): number {
  for (let length = 3; length >= 1; length--) {
    const phrase = tokens.slice(from, from + length);
    if (
      phrase.length === length &&
      !phrase.some((token) => token.punctuation) &&
      vocabulary.conceptWords.has(phrase.map((token) => token.text).join(' '))
    )
      return from + length;
  }
  return -1;
}

export function organisationWe(vocabulary: Vocabulary, tokens: readonly Token[]): readonly Token[] {
  if (!QUESTION_WORDS.has(tokens[0]?.text ?? '')) return tokens;
  const at = conceptNameEnd(vocabulary, tokens, 1);
  if (at < 0) return tokens;
  const [first, second, third, fourth] = tokens.slice(at, at + 4).map((token) => token.text);
  const are = (from: Token): Token => ({ ...from, text: 'are' });
  // "have we got in", "do we have in", "have we in": the things there are "in" it.
  const gotOrHave = (HAVE.has(first) && third === 'got') || (DO.has(first) && third === 'have');
  if (gotOrHave && second === 'we' && PREPOSITIONS.has(fourth ?? ''))
    return [...tokens.slice(0, at), are(tokens[at]), ...tokens.slice(at + 3)];
  if (HAVE.has(first) && second === 'we' && PREPOSITIONS.has(third ?? ''))
    return [...tokens.slice(0, at), are(tokens[at]), ...tokens.slice(at + 2)];
  // "do we mature": the verb said of the things themselves, unless the map has it done to them
  // ("Which customers do we visit?" with "visits" of a customer: "we" is then who visits, unread).
  const concept = vocabulary.conceptWords.get(
    tokens
      .slice(1, at)
      .map((token) => token.text)
      .join(' '),
  );
  const doneTo = (verb: string): boolean =>
    vocabulary.relationships.some(
      ({ relationship }) =>
        relationship.object === concept &&
        words(relationship.name).some((word) => basesOf(verb).includes(word) || basesOf(word).some((base) => basesOf(verb).includes(base))),
    );
  if (DO.has(first) && second === 'we' && third !== undefined && !tokens[at + 2].punctuation && !doneTo(third))
    return [...tokens.slice(0, at), ...tokens.slice(at + 2)];
  return tokens;
}

/** "we're harvesting", "we'll harvest", "we are going to harvest": the tense said, and where its verb is. */
function weVerb(tokens: readonly Token[]): { readonly verb: number; readonly aux: readonly string[] } | undefined {
  const said = tokens.map((token) => token.text);
  if (said[0] !== 'we') return undefined;
  if ((said[1] === "'re" || said[1] === 'are') && said[2] === 'going' && said[3] === 'to') return { verb: 4, aux: ['will', 'be'] };
  if (said[1] === "'re" || said[1] === 'are') return { verb: 2, aux: ['is', 'being'] };
  if ((said[1] === 'will' || said[1] === "'ll") && said[2] === 'be') return { verb: 3, aux: ['will', 'be'] };
  if (said[1] === 'will' || said[1] === "'ll") return { verb: 2, aux: ['will', 'be'] };
  return undefined;
}

/**
 * "We're harvesting Row 40 on 2 October 2027": the organisation doing something to a known thing on
 * a date is the thing's date of that action, said as "Row 40 is being harvested on 2 October 2027"
 * (read by the date relationship named by the action, or not at all). Only with the name right
 * after the verb and a date right after the name.
 */
export function organisationWeDate(vocabulary: Vocabulary, tokens: readonly Token[], now: number): readonly Token[] {
  const found = weVerb(tokens);
  const verb = found ? tokens[found.verb] : undefined;
  if (!found || !verb || verb.punctuation) return tokens;
  const base = basesOf(verb.text).find((candidate) =>
    found.aux[1] === 'being' ? formsOf(candidate).gerund === verb.text : candidate === verb.text,
  );
  if (!base) return tokens;
  const mention = vocabulary.instances
    .spot(tokens, found.verb + 1, tokens.length)
    .find((one) => one.from === found.verb + 1 && one.distance === 0);
  if (!mention || !['on', 'for'].includes(tokens[mention.to]?.text ?? '')) return tokens;
  // Only an action a date relationship of that thing is named or asked by ("harvest date", "When will %S be harvested?").
  const named = vocabulary.relationships.some(({ relationship }) => {
    if (relationship.subject !== mention.entry.concept || vocabulary.map.concepts.get(relationship.object)?.type !== 'date') return false;
    return phraseWordsOf(relationship).some((phrase) => phrase.some((word) => word === base || verbBases(word).includes(base)));
  });
  if (!named) return tokens;
  let end = tokens.length;
  while (end > mention.to && tokens[end - 1].punctuation) end--;
  if (parseDate(tokens.slice(mention.to + 1, end), now) === undefined) return tokens;
  const said = (text: string): Token => ({ text, start: verb.start, end: verb.end, punctuation: false });
  return [...tokens.slice(mention.from, mention.to), ...found.aux.map(said), said(formsOf(base).participle), ...tokens.slice(mention.to)];
}
