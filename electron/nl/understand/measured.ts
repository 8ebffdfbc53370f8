/**
 * Amounts said with a verb of their own and the relationship's unit noun, when the clause names no
 * relationship the reader can place: "How many *casks* does the Crown Inn get through each week?"
 * (casks per week), "How much *juice* did Batch 7 give us?" (juice yield), "Job 7 took 3.5 *hours on
 * site*", "Red Rye comes in at 5.8*%*". The verb is left unread on purpose: what decides is the
 * one number relationship of the named thing whose own words (its name, its question forms) the
 * amount is said with. None or several: undefined, so the clause stays a miss.
 */
import type { Relationship } from '../../engine';
import { COMMON_WORDS } from '../text/common-words';
import { isTimeAdverbial, parseDate } from '../text/dates';
import { actionNouns, verbBases } from '../text/derive';
import { pluralOf } from '../text/inflect';
import { PER_WORDS, periodOf } from '../text/synonyms';
import { parseMeasure, parseNumber } from '../text/numbers';
import { spanText, words, type Token } from '../text/tokens';
import { phraseWordsOf, PREPOSITIONS } from '../vocabulary/relationship-forms';
import type { Vocabulary } from '../vocabulary/types';
import { skipLeadIns } from './context';
import { ARTICLES, BE_OR_S, NEGATIONS, WH_WORDS } from './lexicon';
import type { ClauseSetting, Reading } from './readings';
import { resolutionScore, resolveSubject, type Resolution } from './resolve';
import { UNIT_NAMES } from './unit-names';

const DETERMINERS = new Set(['a', 'an', 'the', 'his', 'her', 'their', 'its', 'my', 'your', 'our', 'this', 'that']);
/** A determiner or a preposition (not the infinitive's "to": "start *to hire*") opens a noun: "as *a deposit*", "went *into restoration*". */
const NOUN_OPENERS = (word: string): boolean => DETERMINERS.has(word) || (PREPOSITIONS.has(word) && word !== 'to');
/** A percent sign or its words, said for a relationship whose words say "percent". */
const PERCENT = new Set(['%', 'percent', 'per cent']);

/** The nouns of the action a gerund names ("restoring" → "restoration"). */
function gerundNouns(gerund: string): string[] {
  return verbBases(gerund).flatMap((base) => actionNouns(base).filter((noun) => noun !== base));
}

/** A word and its other number ("cask", "casks"). */
function numbers(word: string): string[] {
  return [word, pluralOf(word), word.replace(/s$/, '')];
}

const ownWordsCache = new WeakMap<Relationship, ReadonlySet<string>>();

/**
 * The words that say which amount this is: its name's and its question forms' content words
 * ("hours", "site" of "hours on site"; "strength", "percent", "abv" of "What is the strength of %S,
 * in percent ABV?"), in both numbers.
 */
function ownWords(relationship: Relationship): ReadonlySet<string> {
  let found = ownWordsCache.get(relationship);
  if (!found) {
    const formWords = phraseWordsOf(relationship)
      .slice(1)
      .flat()
      .filter((word) => !COMMON_WORDS.has(word) || PERCENT.has(word));
    // The name's own words count even when everyday ("years of experience").
    found = new Set(
      [...words(relationship.name), ...formWords]
        .filter((word) => word.length > 1 && !ARTICLES.has(word) && !PREPOSITIONS.has(word) && !WH_WORDS.has(word))
        .flatMap(numbers),
    );
    ownWordsCache.set(relationship, found);
  }
  return found;
}

const rateCache = new WeakMap<Relationship, ReadonlySet<string>>();

/** The unit a relationship counts per: "acre" of "yield per acre" or of its question "…per acre…?", "month" of "monthly fee". */
function rateOf(relationship: Relationship): ReadonlySet<string> {
  let found = rateCache.get(relationship);
  if (!found) {
    found = new Set(
      phraseWordsOf(relationship)
        .flatMap((list) => [
          ...list.filter((word, index) => list[index - 1] === 'per'),
          ...list.map(periodOf).filter((noun): noun is string => noun !== undefined),
        ])
        .flatMap(numbers),
    );
    rateCache.set(relationship, found);
  }
  return found;
}

/** The unit an amount is said per ("£14.50 *a kilo*", "2.8 tonnes *an acre*"), or undefined. */
function saidRate(closing: readonly string[]): string | undefined {
  const lead = closing.findIndex((word, index) => PER_WORDS.includes(word) && index + 1 < closing.length);
  return lead < 0 ? undefined : closing[lead + 1];
}

/**
 * Amounts said per a unit are the relationships counted per it, and amounts said in a unit never
 * those counted per it ("3.75 *acres*" is no "yield per acre"); when none fits, all stay.
 */
function byRate<T extends { readonly relationship: Relationship }>(candidates: readonly T[], closing: readonly string[]): readonly T[] {
  const rate = saidRate(closing);
  const fitting = candidates.filter((candidate) =>
    rate !== undefined ? rateOf(candidate.relationship).has(rate) : !closing.some((word) => rateOf(candidate.relationship).has(word)),
  );
  return fitting.length > 0 ? fitting : candidates;
}

function isNumberValued(vocabulary: Vocabulary, relationship: Relationship): boolean {
  return vocabulary.map.concepts.get(relationship.object)?.type === 'number';
}

/** A known thing named in `[from, to)` (exactly), with where it is said. */
interface Named {
  readonly from: number;
  readonly to: number;
  readonly subject: Resolution;
  readonly relationship: Relationship;
}

/** The number relationships of each thing named exactly in `[from, to)`, with the thing resolved as their subject. */
function namedAmounts(setting: ClauseSetting, from: number, to: number): Named[] {
  const { vocabulary, tokens } = setting;
  const found: Named[] = [];
  for (const mention of vocabulary.instances.spot(tokens, from, to)) {
    // "Hall B" where the map knows "Hall": a longer name, maybe new, is for the ordinary reading to ask about.
    const next = tokens[mention.to];
    const moreName = next !== undefined && !next.punctuation && /^[A-Z0-9]/.test(setting.prompt.slice(next.start, next.end));
    if (mention.distance !== 0 || moreName) continue;
    for (const { relationship } of vocabulary.relationships) {
      if (relationship.subject !== mention.entry.concept || !isNumberValued(vocabulary, relationship)) continue;
      const span = { tokens: tokens.slice(mention.from, mention.to), text: spanText(setting.prompt, tokens, mention.from, mention.to) };
      const subject = resolveSubject(vocabulary, relationship, span, setting.referents, setting.pronounDefault);
      if (subject.ok && subject.how !== 'new') found.push({ from: mention.from, to: mention.to, subject, relationship });
    }
  }
  return found;
}

/** The one candidate holding the most of `said`, or undefined when none does or several tie. */
function onlyBest<T extends { readonly relationship: Relationship }>(candidates: readonly T[], said: readonly string[]): T | undefined {
  let best: T | undefined;
  let bestCount = 0;
  let tied = false;
  for (const candidate of candidates) {
    const own = ownWords(candidate.relationship);
    const count = new Set(said.filter((word) => own.has(word))).size;
    if (count > bestCount) [best, bestCount, tied] = [candidate, count, false];
    else if (count === bestCount && count > 0 && candidate.relationship !== best?.relationship) tied = true;
  }
  return bestCount > 0 && !tied ? best : undefined;
}

/**
 * "What does Oskar pay *per month*?": a what-question closing on a unit said per ("per month", "a
 * kilo") asks the one number relationship of the named thing counted per that unit ("monthly fee").
 */
function perUnitQuestion(setting: ClauseSetting, start: number, to: number, said: readonly Token[]): Reading | undefined {
  const closing = said.slice(-2).map((token) => token.text);
  const rate = PER_WORDS.includes(closing[0]) ? closing[1] : undefined;
  if (rate === undefined || said.some((token) => NEGATIONS.has(token.text))) return undefined;
  const fitting = namedAmounts(setting, start, to).filter((found) => rateOf(found.relationship).has(rate));
  if (new Set(fitting.map((found) => found.relationship)).size !== 1 || fitting.length !== 1) return undefined;
  const [only] = fitting;
  return { kind: 'query', relationship: only.relationship, subject: only.subject, objects: [], negated: false, score: 15 };
}

/**
 * "How many casks does the Crown Inn get through each week?", "How much has Dan Ames put down as a
 * deposit on Order 30?": a how-much/how-many question naming a known thing asks for the one number
 * relationship of that thing said by the noun after "how much/many" or, without one, by the most
 * of its own words said as nouns (after a determiner) in the question.
 */
export function unitQuestion(setting: ClauseSetting, from: number, to: number): Reading | undefined {
  const { tokens } = setting;
  const start = skipLeadIns(tokens, from, to).index;
  const said = tokens.slice(start, to).filter((token) => !token.punctuation);
  if (said[0]?.text === 'what' && ['do', 'does', 'did'].includes(said[1]?.text ?? '')) return perUnitQuestion(setting, start, to, said);
  if (said[0]?.text !== 'how' || (said[1]?.text !== 'much' && said[1]?.text !== 'many')) return undefined;
  if (said.some((token) => NEGATIONS.has(token.text))) return undefined;
  const named = namedAmounts(setting, start, to);
  const inNames = (token: Token): boolean =>
    named.some((found) => token.start >= tokens[found.from].start && token.end <= tokens[found.to - 1].end);
  // "How many litres *of water*…": the noun a unit measures says which amount as well as the unit.
  const nouns = [said[2], said[3]?.text === 'of' ? said[4] : undefined]
    .filter((token): token is Token => token !== undefined && !inNames(token))
    .map((token) => token.text);
  const byOwnNoun = named.filter((found) => nouns.some((noun) => ownWords(found.relationship).has(noun)));
  // "How many *minutes* do Ayo's lessons last?": failing its own words, the unit of the value's concept.
  const units = new Set(nouns.flatMap((noun) => [noun, ...(UNIT_NAMES[noun] ?? [])]));
  // "How many *acres* does Row 4 cover?" is the area in acres, not the yield per acre (unless "per acre" is said).
  const saidWords = said.slice(2).map((token) => token.text);
  const byNoun = byRate(
    byOwnNoun.length > 0 ? byOwnNoun : named.filter((found) => words(found.relationship.object).some((word) => units.has(word))),
    saidWords,
  );
  const outside = said
    .slice(2)
    .filter((token) => !inNames(token))
    .map((token) => token.text);
  // Several said by that noun ("miles" of "miles per week" and "price per mile"): the one whose other words are said too.
  const chosen =
    byNoun.length > 0
      ? new Set(byNoun.map((found) => found.relationship)).size === 1 && byNoun.length === 1
        ? byNoun[0]
        : onlyBest(byNoun, outside)
      : onlyBest(
          named,
          // Only words said as nouns, after a determiner or preposition ("put down as *a deposit*"), never a verb ("start to hire"),
          // and the action's noun of a gerund ("went into *restoring*" for a "restoration cost").
          said
            .slice(3)
            .filter((token, index) => !inNames(token) && NOUN_OPENERS(said[index + 2].text))
            .map((token) => token.text)
            .concat(said.slice(2).flatMap((token) => (/ing$/.test(token.text) && !inNames(token) ? gerundNouns(token.text) : []))),
        );
  if (!chosen) return undefined;
  return { kind: 'query', relationship: chosen.relationship, subject: chosen.subject, objects: [], negated: false, score: 15 };
}

/**
 * "Job 7 took 3.5 hours on site", "Batch 12 came out at 260 litres of juice", "(Red Rye) sells for
 * £98 a cask": a known thing (or the clause before's, when the clause opens with no name), a few
 * words, then an amount closed only by units, framing words and words of the one number
 * relationship of that thing the amount is said with. A question or a negation is never so read.
 */
export function measuredStatement(setting: ClauseSetting, from: number, to: number): Reading | undefined {
  const { tokens, vocabulary } = setting;
  if (setting.questionMark) return undefined;
  let end = to;
  while (end > from && tokens[end - 1].punctuation) end--;
  let start = from;
  while (start < end && ARTICLES.has(tokens[start].text)) start++;
  if (start >= end || WH_WORDS.has(tokens[start].text) || tokens.slice(start, end).some((token) => NEGATIONS.has(token.text)))
    return undefined;
  const opening = namedAmounts(setting, start, end).filter((found) => found.from === start);
  const candidates: Named[] =
    opening.length > 0
      ? opening
      : setting.clauseIndex > 0 && setting.previousSubject?.ok
        ? vocabulary.relationships
            .map((entry) => entry.relationship)
            .filter(
              (relationship) =>
                isNumberValued(vocabulary, relationship) &&
                vocabulary.map.instances
                  .get(relationship.subject)
                  ?.has(String(setting.previousSubject?.ok && setting.previousSubject.value)),
            )
            .map((relationship) => ({ from: start, to: start, subject: setting.previousSubject as Resolution, relationship }))
        : [];
  if (candidates.length === 0) return undefined;
  const verbFrom = candidates[0].to;
  // The amount: the first number after at least one word (the verb), closing the clause.
  for (let at = verbFrom + 1; at < end; at++) {
    if (parseNumber([tokens[at]]) === undefined) continue;
    // "Sable flies at 1650g *these days*": words that only say when close the amount, not measure it.
    for (let cut = at + 2; cut < end; cut++) {
      // "£27.50 a *month*" says the rate, not when.
      if (PER_WORDS.includes(tokens[cut - 1].text)) continue;
      if (isTimeAdverbial(tokens.slice(cut, end), setting.now) && parseDate(tokens.slice(at, end), setting.now) === undefined) {
        end = cut;
        break;
      }
    }
    const closing = tokens.slice(at + 1, end).map((token) => token.text);
    const percent = PERCENT.has(closing.join(' ')) || /%$/.test(tokens[at].text);
    const measurable = byRate(candidates, closing).filter((candidate) => {
      const context = new Set([
        ...ownWords(candidate.relationship),
        ...words(candidate.relationship.name),
        ...words(candidate.relationship.object),
        ...[...PERCENT].filter(() => percent),
      ]);
      return parseMeasure(tokens.slice(at, end), context) !== undefined;
    });
    // "£27.50 *a month*" for "monthly fee": the unit said per is the relationship's own word then.
    const rate = saidRate(closing);
    const byOwn = measurable.filter((candidate) => {
      const own = ownWords(candidate.relationship);
      return (
        closing.some((word) => own.has(word)) ||
        (percent && own.has('percent')) ||
        (rate !== undefined && rateOf(candidate.relationship).has(rate))
      );
    });
    // "Rex tipped the scales at 27 *kg*": failing its own words, the unit of the value's concept ("kilograms").
    const units = new Set(closing.flatMap((word) => [word, ...(UNIT_NAMES[word] ?? [])]));
    const byUnit = measurable.filter((candidate) => words(candidate.relationship.object).some((word) => units.has(word)));
    const plain = byOwn.length > 0 ? byOwn : byUnit;
    // "Sable *flies* at 1650 g" for "flying weight", "(…and) the *parts* come to £60.80" for "parts cost": among
    // several (or failing its words after the amount), the one whose own word is said before the amount.
    const before = tokens.slice(verbFrom, at).map((token) => token.text);
    // Only the name's own words, and never with "be" ("Joan's deposit *is* £200" may be a deposit asked for, not one paid).
    const saidBefore = (candidate: Named): boolean =>
      !before.some((word) => BE_OR_S.has(word)) &&
      words(candidate.relationship.name).some(
        (word) =>
          !COMMON_WORDS.has(word) &&
          (before.includes(word) || verbBases(word).some((base) => before.some((said) => verbBases(said).includes(base)))),
      );
    const narrowed = (plain.length > 0 ? plain : measurable).filter(saidBefore);
    const fitting = plain.length !== 1 && narrowed.length === 1 ? narrowed : plain;
    if (fitting.length !== 1) return undefined;
    const [only] = fitting;
    const value = parseMeasure(
      tokens.slice(at, end),
      new Set([...ownWords(only.relationship), ...words(only.relationship.name), ...PERCENT]),
    );
    if (value === undefined) return undefined;
    const object: Resolution = { ok: true, value, how: 'typed', text: spanText(setting.prompt, tokens, at, end) };
    return {
      kind: 'statement',
      relationship: only.relationship,
      subject: only.subject,
      objects: [object],
      negated: false,
      score: 10 + resolutionScore(only.subject),
    };
  }
  return undefined;
}
