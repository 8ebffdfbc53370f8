/**
 * Sentences without a relationship name, built on "be": "Mohammed is unemployed", "Is INC-103
 * Critical?", "INC-101 is on the Enterprise plan". When the value names an instance of a concept
 * that exactly one relationship takes as its object, the sentence is read with that relationship.
 */
import type { Relationship } from '../../engine';
import { parseDate } from '../text/dates';
import { actionNouns, verbBases } from '../text/derive';
import { basesOf, pluralOf, verbStart } from '../text/inflect';
import { parseNumber } from '../text/numbers';
import { spanText, words as words_, type Token } from '../text/tokens';
import { MEASURE_ADJECTIVES, nounSynonyms, PER_WORDS, PERIOD_NOUNS, PLACING_PARTICIPLES } from '../text/synonyms';
import { wordnetAttributes } from '../text/wordnet';
import { PREPOSITIONS } from '../vocabulary/relationship-forms';
import { skipLeadIns } from './context';
import { SENDING_VERBS } from './departures';
import type { ClauseSetting, Reading } from './readings';
import { resolutionScore, resolveSubject, type Resolution } from './resolve';
import { FINITE_BE } from './lexicon';

const BE = new Set([...FINITE_BE, 'am']);
const IGNORABLE = new Set(['a', 'an', 'the', 'not', 'currently', 'now', 'still', 'really', 'definitely', 'also']);

type Word = { readonly token: Token; readonly index: number };

/** The subject words resolved; an empty subject continues the previous clause's ("…, is 34"). */
function subjectOf(setting: ClauseSetting, relationship: Relationship, subjectWords: readonly Word[]): Resolution | undefined {
  if (subjectWords.length === 0) return setting.clauseIndex > 0 ? setting.previousSubject : undefined;
  const first = subjectWords[0].index;
  const last = subjectWords[subjectWords.length - 1].index + 1;
  return resolveSubject(
    setting.vocabulary,
    relationship,
    { tokens: setting.tokens.slice(first, last), text: spanText(setting.prompt, setting.tokens, first, last) },
    setting.referents,
    setting.pronounDefault,
  );
}

/**
 * "A Deshed is £40": a sum of money after "be" and no relationship named is the subject's one
 * amount named with a cost word ("costs", "price", "fee"), as "How much is a Deshed?" asks it.
 */
function onlyCostOf(setting: ClauseSetting, subjectWords: readonly Word[]): Relationship | undefined {
  const fitting = setting.vocabulary.relationships.filter(
    (entry) =>
      setting.vocabulary.map.concepts.get(entry.relationship.object)?.type === 'number' &&
      words_(entry.relationship.name).some((word) => [word, ...basesOf(word)].some((base) => COST_NOUNS.has(base))) &&
      (() => {
        const subject = subjectOf(setting, entry.relationship, subjectWords);
        return subject?.ok === true && subject.how !== 'new';
      })(),
  );
  return fitting.length === 1 ? fitting[0].relationship : undefined;
}

const CURRENCY = /^[£$€]/;
const NOW_WORDS = new Set(['now', 'currently']);

/**
 * "Moon Watch is (now) on 10 January": a date said with "on" after "be" and no relationship named is
 * the subject's one date relationship, whatever it is named ("takes place on"). Several: none.
 */
function onlyDateOf(setting: ClauseSetting, subjectWords: readonly Word[]): Relationship | undefined {
  const fitting = setting.vocabulary.relationships.filter(
    (entry) =>
      setting.vocabulary.map.concepts.get(entry.relationship.object)?.type === 'date' &&
      subjectOf(setting, entry.relationship, subjectWords)?.ok === true,
  );
  return fitting.length === 1 ? fitting[0].relationship : undefined;
}

/**
 * "Bruno is 40 years old", "Ben was born 1958-03-12"… a number or a date after "be": read with the
 * one relationship named with "be" that takes a value of that type, if there is exactly one.
 */
function typedCopula(
  setting: ClauseSetting,
  words: readonly Word[],
  be: number,
  inverted: boolean,
  question: boolean,
  negated: boolean,
  to: number,
): Reading | undefined {
  const start = inverted ? -1 : be;
  for (const type of ['number', 'date'] as const) {
    // The value is the run of words after "be" (or after the subject in a question) that parses.
    for (let from = start + 1; from < words.length; from++) {
      const said = setting.tokens.slice(words[from].index, to).filter((token) => !token.punctuation);
      // "A Deshed is £40 *now*": a closing "now" says when, not how much.
      const closing = type === 'number' && said.length > 1 && NOW_WORDS.has(said[said.length - 1].text) ? 1 : 0;
      const valueTokens = said.slice(0, said.length - closing);
      // "Brush is £40 *now*": a date after an amount is when the amount holds, not the value.
      if (type === 'date' && words.slice(start + 1, from).some((word) => parseNumber([word.token]) !== undefined)) break;
      const value = type === 'number' ? parseNumber(valueTokens) : parseDate(valueTokens, setting.now);
      if (value === undefined) continue;
      const candidates = setting.vocabulary.relationships.filter(
        (entry) =>
          verbStart(words_(entry.relationship.name)[0] ?? '').kind === 'aux' &&
          /^(is|are|was|were|am)$/.test(words_(entry.relationship.name)[0] ?? '') &&
          setting.vocabulary.map.concepts.get(entry.relationship.object)?.type === type,
      );
      const subjectWords = inverted ? words.slice(1, from) : words.slice(0, Math.max(0, be));
      const saidOn = type === 'date' && (valueTokens[0]?.text === 'on' || words[from - 1]?.token.text === 'on');
      const dated = saidOn ? onlyDateOf(setting, subjectWords) : undefined;
      if (saidOn && !dated) return undefined;
      const money = type === 'number' && from === start + 1 && CURRENCY.test(setting.prompt.slice(valueTokens[0]?.start ?? 0));
      const costed = money && candidates.length !== 1 ? onlyCostOf(setting, subjectWords) : undefined;
      // A number that is no value of its own may be a date's year ("on 10 June 2027"): try the date.
      if (candidates.length !== 1 && !dated && !costed) {
        if (type === 'number') break;
        return undefined;
      }
      const relationship = dated ?? costed ?? candidates[0].relationship;
      const subject = subjectOf(setting, relationship, subjectWords);
      if (!subject || negated) return undefined;
      const object: Resolution = { ok: true, value, how: 'typed', text: String(value) };
      const failure = subject.ok
        ? undefined
        : { kind: subject.reason === 'not-a-name' ? ('phrasing' as const) : ('map' as const), message: subject.message };
      return {
        kind: question ? 'query' : 'statement',
        relationship,
        subject,
        objects: [object],
        negated: false,
        score: 5 + resolutionScore(subject) + 10,
        ...(failure ? { failure } : {}),
      };
    }
  }
  return undefined;
}

const COST_NOUNS = new Set(['cost', ...nounSynonyms('cost')]);

/** The question about one relationship of a known subject, with nothing asked of its object. */
function askedOf(found: { readonly relationship: Relationship; readonly subject: Resolution }): Reading {
  return {
    kind: 'query',
    relationship: found.relationship,
    subject: found.subject,
    objects: [],
    negated: false,
    score: 15 + resolutionScore(found.subject),
  };
}

/**
 * "How much is a Rabies Shot?", "How much was it?": a how-much/how-many question about a thing with
 * no relationship named asks for the one amount its concept has (for "how much", the one named with
 * a cost noun when it has several). The subject may be a pronoun for the thing just named.
 */
function amountQuestion(setting: ClauseSetting, words: readonly Word[], to: number): Reading | undefined {
  const how = words[1]?.token.text ?? '';
  // "How hard is Green Slab?": the lexicon's adjectives, else the attribute WordNet's most frequent
  // sense of the adjective measures (hard → difficulty, hot → temperature).
  const attributeNouns = [...(MEASURE_ADJECTIVES[how] ?? []), ...wordnetAttributes(how)];
  const measured = attributeNouns.length > 0 ? attributeNouns : undefined;
  if (words[0]?.token.text !== 'how' || (how !== 'much' && how !== 'many' && !measured)) return undefined;
  if (!BE.has(words[2]?.token.text ?? '')) return undefined;
  let rest = words.slice(3);
  // "How much is Hot Desk a day?": a closing rate says how the amount is counted, not whose it is.
  const last = rest.length;
  if (last >= 3 && PER_WORDS.includes(rest[last - 2].token.text) && PERIOD_NOUNS.has(rest[last - 1].token.text)) rest = rest.slice(0, -2);
  const subjectWords = rest.filter(({ token }) => !IGNORABLE.has(token.text));
  if (subjectWords.length === 0 || subjectWords[subjectWords.length - 1].index >= to) return undefined;
  // "How much is a *ticket for* Tin Soldier?": the thing paid for, named before a cost noun in the
  // name ("ticket price"), then for/of and the subject.
  const link = subjectWords[1]?.token.text ?? '';
  if (how === 'much' && subjectWords.length > 2 && (link === 'for' || link === 'of')) {
    const paidFor = subjectWords[0].token.text;
    const named = onlyQueryOf(setting, subjectWords.slice(2), (relationship) => {
      if (setting.vocabulary.map.concepts.get(relationship.object)?.type !== 'number') return false;
      const name = words_(relationship.name);
      const cost = name.findIndex((word) => COST_NOUNS.has(word));
      return cost > 0 && name.slice(0, cost).some((word) => word === paidFor || pluralOf(word) === paidFor);
    });
    if (named) return named;
  }
  const found: { relationship: Relationship; subject: Resolution }[] = [];
  for (const entry of setting.vocabulary.relationships) {
    const relationship = entry.relationship;
    if (setting.vocabulary.map.concepts.get(relationship.object)?.type !== 'number') continue;
    const subject = subjectOf({ ...setting, clauseIndex: 0 }, relationship, subjectWords);
    if (subject?.ok && subject.how !== 'new') found.push({ relationship, subject });
  }
  if (measured) {
    // "How heavy is Rex?": only an amount named with the adjective's noun (or a synonym of it) is meant.
    const nouns = new Set(measured.flatMap((noun) => [noun, ...nounSynonyms(noun)]));
    const fitting = found.filter(({ relationship }) =>
      [...words_(relationship.name), ...words_(relationship.object)].some((word) => nouns.has(word)),
    );
    if (fitting.length !== 1) return undefined;
    const [only] = fitting;
    return askedOf(only);
  }
  const costly = found.filter(({ relationship }) => words_(relationship.name).some((word) => COST_NOUNS.has(word)));
  const chosen = found.length === 1 ? found[0] : how === 'much' && costly.length === 1 ? costly[0] : undefined;
  if (!chosen) return undefined;
  return askedOf(chosen);
}

/** Reads `tokens[from, to)` as "subject be value", or undefined. */
const DO = new Set(['do', 'does', 'did']);
/** Someone in general: "How hot do *you* fire Porcelain?" asks about Porcelain. */
const ANYONE = new Set(['you', 'we', 'they', 'one', 'i']);

/**
 * "How hot do you fire Porcelain?": how + a measuring adjective + "do" + someone in general + a verb
 * + the subject asks for the one number of the subject named with the adjective's attribute and
 * the verb's noun ("firing temperature"), with no relationship named.
 */
function howDoneQuestion(setting: ClauseSetting, words: readonly Word[], to: number): Reading | undefined {
  const aux = words[2]?.token.text ?? '';
  if (words[0]?.token.text !== 'how' || !(DO.has(aux) || CAN.has(aux)) || !ANYONE.has(words[3]?.token.text ?? '')) return undefined;
  const adjective = words[1].token.text;
  const attributes = [...(MEASURE_ADJECTIVES[adjective] ?? []), ...wordnetAttributes(adjective)];
  const verb = words[4]?.token.text;
  if (attributes.length === 0 || verb === undefined) return undefined;
  // "How deep can you *go at* Wreck Alley?": going somewhere names no action, only the place.
  const going = verb === 'go' && PLACE_LINKS.has(words[5]?.token.text ?? '');
  const actions = new Set(verbBases(verb).flatMap((base) => [base, ...actionNouns(base)]));
  const subjectWords = words.slice(going ? 6 : 5).filter(({ token }) => !IGNORABLE.has(token.text));
  if (subjectWords.length === 0 || subjectWords[subjectWords.length - 1].index >= to) return undefined;
  const nouns = new Set(attributes.flatMap((noun) => [noun, ...nounSynonyms(noun)]));
  return onlyQueryOf(setting, subjectWords, (relationship) => {
    if (setting.vocabulary.map.concepts.get(relationship.object)?.type !== 'number') return false;
    const name = words_(relationship.name);
    return name.some((word) => nouns.has(word)) && (going || name.some((word) => actions.has(word)));
  });
}
const CAN = new Set(['can', 'could']);
const PLACE_LINKS = new Set(['at', 'in', 'on', 'to']);

/** Last words of a name that place its subject ("is located *in*", "is sited *at*"). */
const PLACING = new Set(['in', 'at']);

/**
 * "Where is Overhang 2?", "…tell me where Overhang 2 is": with no relationship named, "where" asks
 * for the one relationship of the subject whose present-tense name places it ("is located in", "is
 * sited at"; not "was born in"), with an instance for its value: a name "is <participle> in/at" whose participle says where
 * (`PLACING_PARTICIPLES`: located, sited, moored…; not "is enrolled in").
 */
function whereQuestion(setting: ClauseSetting, words: readonly Word[], to: number): Reading | undefined {
  if (words[0]?.token.text !== 'where') return undefined;
  let rest = words.slice(1);
  if (BE.has(rest[0]?.token.text ?? '')) rest = rest.slice(1);
  else if (BE.has(rest[rest.length - 1]?.token.text ?? '')) rest = rest.slice(0, -1);
  else return undefined;
  // "Where is Order 30 *going*?", "…*headed*?": where it goes, not where it is.
  let bound = false;
  while (rest.length > 1 && (GOING.has(rest[rest.length - 1].token.text) || rest[rest.length - 1].token.text === 'to')) {
    bound ||= GOING.has(rest[rest.length - 1].token.text);
    rest = rest.slice(0, -1);
  }
  const subjectWords = rest.filter(({ token }) => !IGNORABLE.has(token.text));
  if (subjectWords.length === 0 || subjectWords[subjectWords.length - 1].index >= to) return undefined;
  return onlyQueryOf(setting, subjectWords, (relationship) => {
    if ((setting.vocabulary.map.concepts.get(relationship.object)?.type ?? 'string') !== 'string') return false;
    const name = words_(relationship.name);
    if (bound) return sendsTo(name);
    return name.length === 3 && name[0] === 'is' && PLACING_PARTICIPLES.has(name[1]) && PLACING.has(name[2]);
  });
}

/** Words that ask where a thing goes rather than where it is ("Where is Order 30 *going*?"). */
const GOING = new Set(['going', 'headed', 'heading', 'bound', 'off']);

/**
 * A name that says where its subject goes: a verb of sending or going, then "to" ("delivered to",
 * "is sent to", "travelling to"); not "belongs to" or "is assigned to" (`SENDING_VERBS`).
 */
function sendsTo(name: readonly string[]): boolean {
  const verbs = name[0] === 'is' || name[0] === 'was' ? name.slice(1) : name;
  return verbs.length === 2 && verbs[1] === 'to' && verbBases(verbs[0]).some((base) => SENDING_VERBS.has(base));
}

/**
 * A question about the one relationship `fits` accepts whose subject the words name (an instance the
 * map knows); none or several: undefined, so the ordinary reading (or an error) stands.
 */
function onlyQueryOf(
  setting: ClauseSetting,
  subjectWords: readonly Word[],
  fits: (relationship: Relationship) => boolean,
): Reading | undefined {
  const found: { relationship: Relationship; subject: Resolution }[] = [];
  for (const { relationship } of setting.vocabulary.relationships) {
    if (!fits(relationship)) continue;
    const subject = subjectOf({ ...setting, clauseIndex: 0 }, relationship, subjectWords);
    if (subject?.ok && subject.how !== 'new') found.push({ relationship, subject });
  }
  if (found.length !== 1) return undefined;
  const [only] = found;
  return askedOf(only);
}

/**
 * "When's the next Owl Encounter?", "When is Owl Encounter next?": "when" + "be" + "next" and a
 * subject asks for the one date of the subject whose name says "next" ("next runs on").
 */
function whenNextQuestion(setting: ClauseSetting, words: readonly Word[], to: number): Reading | undefined {
  if (words[0]?.token.text !== 'when' || !BE.has(words[1]?.token.text ?? '')) return undefined;
  const rest = words.slice(2);
  const next = rest.findIndex(({ token }) => token.text === 'next');
  if (next < 0 || (next > 1 && next !== rest.length - 1)) return undefined;
  const subjectWords = rest.filter(({ token }, index) => index !== next && !IGNORABLE.has(token.text));
  if (subjectWords.length === 0 || subjectWords[subjectWords.length - 1].index >= to) return undefined;
  return onlyQueryOf(
    setting,
    subjectWords,
    (relationship) =>
      setting.vocabulary.map.concepts.get(relationship.object)?.type === 'date' && words_(relationship.name).includes('next'),
  );
}

export function copulaReading(setting: ClauseSetting, from: number, to: number): Reading | undefined {
  const { tokens, vocabulary } = setting;
  const lead = skipLeadIns(tokens, from, to);
  const words = tokens
    .slice(lead.index, to)
    .map((token, offset) => ({ token, index: lead.index + offset }))
    .filter(({ token }) => !token.punctuation);
  // "How hot do you fire Porcelain?" has no "be".
  const done = howDoneQuestion(setting, words, to);
  if (done) return done;
  let be = words.findIndex(({ token }) => BE.has(token.text));
  // "I am unemployed and *30 years old*": a follow-on conjunct may leave out subject and verb.
  const elided = be < 0 && setting.clauseIndex > 0 && setting.previousSubject !== undefined;
  if (be < 0 && !elided) return undefined;
  if (elided) be = -1;
  const beAt = be >= 0 ? words[be].index : lead.index - 1;
  // In a follow-on clause ("…, is 34") an opening "is" continues a statement; it does not ask.
  const inverted = be === 0 && setting.clauseIndex === 0;
  const question = setting.questionMark || inverted || lead.question;
  const negated = words.some(({ token }) => token.text === 'not' || token.text === 'never');
  const amount = amountQuestion(setting, words, to) ?? whereQuestion(setting, words, to) ?? whenNextQuestion(setting, words, to);
  if (amount) return amount;
  const typed = typedCopula(setting, words, be, inverted, question, negated, to);
  if (typed) return typed;
  for (const mention of vocabulary.instances.spot(tokens, beAt + 1, to)) {
    // The subject: before "be" in a statement, between "be" and the value in a question.
    const subjectWords = (
      inverted ? words.filter(({ index }) => index > beAt && index < mention.from) : words.slice(0, Math.max(0, be))
    ).filter(({ token }) => !IGNORABLE.has(token.text));
    // "Is the Loft *in* the Low tier?": a preposition before the value is not part of the subject.
    while (inverted && subjectWords.length > 1 && PREPOSITIONS.has(subjectWords[subjectWords.length - 1].token.text)) subjectWords.pop();
    let relationships = vocabulary.relationships.filter((entry) => entry.relationship.object === mention.entry.concept);
    // "Is Green Slab in Lead Wall North?" where areas are also what plans include: the one whose
    // subject concept holds the known subject.
    if (relationships.length > 1)
      relationships = relationships.filter((entry) => {
        const known = subjectOf(setting, entry.relationship, subjectWords);
        return known?.ok === true && known.how !== 'new';
      });
    if (relationships.length !== 1) continue;
    const relationship = relationships[0].relationship;
    // Anything else around the value must be articles, prepositions or the value's concept name.
    const others = words.filter(
      ({ index }) => index > beAt && (index < mention.from || index >= mention.to) && !subjectWords.some((word) => word.index === index),
    );
    const conceptWords = new Set(relationship.object.toLowerCase().split(/\s+/));
    if (others.some(({ token }) => !IGNORABLE.has(token.text) && !PREPOSITIONS.has(token.text) && !conceptWords.has(token.text))) continue;
    const subject = subjectOf(setting, relationship, subjectWords);
    if (!subject) continue;
    const object: Resolution = {
      ok: true,
      value: mention.entry.name,
      how: mention.distance === 0 ? 'instance' : 'typo',
      text: mention.entry.name,
    };
    const score = 5 + resolutionScore(subject) + resolutionScore(object);
    const failure = !subject.ok
      ? { kind: subject.reason === 'not-a-name' ? ('phrasing' as const) : ('map' as const), message: subject.message }
      : negated && !question
        ? { kind: 'phrasing' as const, message: `A negative statement ("not ${relationship.name}") cannot be recorded as a fact` }
        : undefined;
    return {
      kind: question ? 'query' : 'statement',
      relationship,
      subject,
      objects: [object],
      negated,
      score,
      ...(failure ? { failure } : {}),
    };
  }
  return undefined;
}

/** Splits `[from, to)` at conjunctions, for "I'm unemployed and I'm 30". */
export function conjuncts(tokens: readonly Token[], from: number, to: number): [number, number][] {
  const parts: [number, number][] = [];
  let start = from;
  for (let index = from; index <= to; index++) {
    if (index === to || tokens[index].text === 'and' || tokens[index].text === ',' || tokens[index].text === 'but') {
      if (index > start) parts.push([start, index]);
      start = index + 1;
    }
  }
  return parts;
}
