/**
 * "How much (will) it cost to *fix* the Blue Fixie?": the cost of doing something to a thing is the
 * relationship named by that action's noun and a cost noun ("repair cost"), the action said by the
 * verb itself or a verb of the same sense ("fix" for "repair"). Rewritten as "what is the repair
 * cost of the Blue Fixie?" so the ordinary reading takes it.
 */
import type { Relationship } from '../../engine';
import { verbBases } from '../text/derive';
import { basesOf } from '../text/inflect';
import { sensesOfNoun, verbSynonyms } from '../text/synonyms';
import { words, type Token } from '../text/tokens';
import { phraseWordsOf } from '../vocabulary/relationship-forms';
import { wordnetSynonyms } from '../text/wordnet';
import type { Vocabulary } from '../vocabulary/types';
import { FINITE_BE } from './lexicon';

const COST_VERBS = new Set(['cost', 'costs']);
/** Words before a unit the name says: "for *an* hour", "*per* day". */
const UNIT_LEADS = new Set(['a', 'an', 'per', 'each', 'every']);

function isCostNoun(word: string): boolean {
  return sensesOfNoun(word).some((sense) => sense.verbs.includes('cost'));
}

/** The relationship name "<action> <cost noun>" for a verb, if the map has exactly one. */
function costNameFor(vocabulary: Vocabulary, verb: string): string[] | undefined {
  const actions = new Set(basesOf(verb).flatMap((base) => [base, ...verbSynonyms(base), ...wordnetSynonyms(base)]));
  const found = vocabulary.relationships
    .map(({ relationship }) => relationship.name.toLowerCase().split(/\s+/))
    // "repair cost", and "hire fee per hour" (the action and a cost noun among its words).
    .filter((name) => actions.has(name[0]) && name.slice(1).some(isCostNoun));
  return found.length === 1 ? found[0] : undefined;
}

const BE = new Set([...FINITE_BE, 'will']);

/**
 * "How much is the Saddle *to hire*?", "How much an hour is X to hire?": the price of doing something
 * to a thing said after it, put as the relationship named by the action ("what is the hire fee per
 * hour of the Saddle?"); the words between "how much" and "be" ("an hour") go after the thing.
 */
function priceToDo(vocabulary: Vocabulary, tokens: readonly Token[]): readonly Token[] {
  const be = tokens.findIndex((token, index) => index >= 2 && index <= 4 && BE.has(token.text));
  if (be < 0) return tokens;
  const to = tokens.findIndex((token, index) => index > be + 1 && token.text === 'to');
  const verb = tokens[to + 1];
  if (to < 0 || !verb || verb.punctuation) return tokens;
  const name = costNameFor(vocabulary, verb.text);
  if (!name) return tokens;
  const said = (text: string, from: Token): Token => ({ text, start: from.start, end: from.end, punctuation: false });
  const rate = tokens.slice(2, be);
  return [
    said('what', tokens[0]),
    said('is', tokens[be]),
    said('the', tokens[to]),
    ...name.map((word) => said(word, verb)),
    said('of', verb),
    ...tokens.slice(be + 1, to),
    ...rate,
    ...tokens.slice(to + 2),
  ];
}

export function costToDo(vocabulary: Vocabulary, tokens: readonly Token[]): readonly Token[] {
  if (tokens[0]?.text !== 'how' || tokens[1]?.text !== 'much') return tokens;
  if (!tokens.some((token) => token.text === 'it')) return priceToDo(vocabulary, tokens);
  const at = tokens.findIndex((token, index) => token.text === 'it' && COST_VERBS.has(tokens[index + 1]?.text ?? ''));
  if (at < 2 || tokens[at + 2]?.text !== 'to' || !tokens[at + 3]) return tokens;
  const name = costNameFor(vocabulary, tokens[at + 3].text);
  if (!name) return tokens;
  const said = (text: string, from: Token): Token => ({ text, start: from.start, end: from.end, punctuation: false });
  // "…the Saddle *for an hour*": the unit the name already says ("per hour") is left out.
  const rest = tokens.slice(at + 4);
  const unitAt = rest.findIndex(
    (token, index) => UNIT_LEADS.has(token.text) && name.includes(rest[index + 1]?.text ?? '') && (rest[index + 2]?.punctuation ?? true),
  );
  const from = unitAt > 0 && rest[unitAt - 1].text === 'for' ? unitAt - 1 : unitAt;
  const kept = unitAt > 0 ? [...rest.slice(0, from), ...rest.slice(unitAt + 2)] : rest;
  return [
    said('what', tokens[0]),
    said('is', tokens[1]),
    said('the', tokens[at]),
    ...name.map((word) => said(word, tokens[at + 1])),
    said('of', tokens[at + 3]),
    ...kept,
  ];
}

/** Whether a number relationship is the price of doing `verb`: its name says the action ("*hire* cost", "*sweeping* price") or a question form says "cost … to *verb*". */
function priceOfDoing(vocabulary: Vocabulary, relationship: Relationship, verb: string): boolean {
  if (vocabulary.map.concepts.get(relationship.object)?.type !== 'number') return false;
  const bases = new Set(basesOf(verb));
  const [nameWords, ...forms] = phraseWordsOf(relationship);
  if (nameWords.some((word) => bases.has(word) || verbBases(word).some((base) => bases.has(base)))) return true;
  return forms.some((formWords) => {
    const cost = formWords.findIndex((word) => COST_VERBS.has(word));
    const to = formWords.indexOf('to', cost + 1);
    return cost >= 0 && to > cost && basesOf(formWords[to + 1] ?? '').some((base) => bases.has(base));
  });
}

/**
 * "Field 12 costs £18 an hour *to hire*", "a Multi Fuel Stove costs £72.50 *to sweep* now": a
 * statement of the price of doing something, when exactly one number relationship is that price,
 * is put as "Field 12's hire cost per hour is £18 an hour" so the amount stays a number.
 */
export function statedCostToDo(vocabulary: Vocabulary, tokens: readonly Token[]): readonly Token[] {
  if (tokens.some((token) => token.text === '?')) return tokens;
  const at = tokens.findIndex(
    (token, index) => index > 0 && COST_VERBS.has(token.text) && !tokens[index - 1].punctuation && /\d/.test(tokens[index + 1]?.text ?? ''),
  );
  if (at < 0) return tokens;
  // The amount and at most its rate ("£18 *an hour*") come between the verb and "to".
  const to = tokens.findIndex((token, index) => index > at + 1 && index <= at + 4 && token.text === 'to');
  const verb = tokens[to + 1];
  if (to < 0 || !verb || verb.punctuation || tokens.slice(at + 1, to).some((token) => token.punctuation)) return tokens;
  const found = vocabulary.relationships.filter(({ relationship }) => priceOfDoing(vocabulary, relationship, verb.text));
  if (found.length !== 1) return tokens;
  const said = (text: string, from: Token): Token => ({ text, start: from.start, end: from.end, punctuation: false });
  const cost = tokens[at];
  return [
    ...tokens.slice(0, at),
    said("'s", cost),
    ...words(found[0].relationship.name).map((word) => said(word, cost)),
    said('is', cost),
    ...tokens.slice(at + 1, to),
    ...tokens.slice(to + 2),
  ];
}

const PLACE_LINKS = new Set(['to', 'at', 'for', 'of', 'on', 'in']);
const DO = new Set(['does', 'do', 'did', 'will']);

/**
 * "A *visit to* Ivy Lodge costs £130", "Why does a visit to Ivy Lodge cost £130?", "How much does a
 * visit to Ivy Lodge cost?": the cost of an action at a known thing is the thing's relationship
 * named by that action's noun and a cost noun ("visit cost"), when exactly one is; said as "Ivy
 * Lodge's visit cost is £130" (or "Why is Ivy Lodge's visit cost £130?") so the thing is the subject,
 * never a new name "visit to Ivy Lodge".
 */
export function actionCostAt(vocabulary: Vocabulary, tokens: readonly Token[]): readonly Token[] {
  for (let at = 0; at + 3 < tokens.length; at++) {
    const noun = tokens[at];
    if (noun.punctuation || !PLACE_LINKS.has(tokens[at + 1].text)) continue;
    const mention = vocabulary.instances.spot(tokens, at + 2, tokens.length).find((one) => one.from === at + 2 && one.distance === 0);
    if (!mention || !COST_VERBS.has(tokens[mention.to]?.text ?? '')) continue;
    const found = vocabulary.relationships.filter(({ relationship }) => {
      const name = words(relationship.name);
      return (
        relationship.subject === mention.entry.concept &&
        vocabulary.map.concepts.get(relationship.object)?.type === 'number' &&
        name.length >= 2 &&
        (name[0] === noun.text || `${name[0]}s` === noun.text) &&
        name.slice(1).some(isCostNoun)
      );
    });
    if (found.length !== 1) return tokens;
    const start = at > 0 && ['a', 'an', 'the', 'one'].includes(tokens[at - 1].text) ? at - 1 : at;
    const said = (text: string): Token => ({ text, start: noun.start, end: noun.end, punctuation: false });
    const thing = [...tokens.slice(mention.from, mention.to), said("'s"), ...words(found[0].relationship.name).map(said)];
    const asked = start > 0 && DO.has(tokens[start - 1].text);
    if (asked) return [...tokens.slice(0, start - 1), { ...tokens[start - 1], text: 'is' }, ...thing, ...tokens.slice(mention.to + 1)];
    if (start !== 0) return tokens;
    return [...thing, { ...tokens[mention.to], text: 'is' }, ...tokens.slice(mention.to + 1)];
  }
  return tokens;
}
