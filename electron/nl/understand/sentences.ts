/**
 * Reading a whole prompt: sentences, certainty phrases, question templates, relationship
 * occurrences, clauses, and the best reading of each clause.
 */
import { findCertainties } from '../text/certainty';
import { spanText, words, type Token } from '../text/tokens';
import { PREPOSITIONS } from '../vocabulary/relationship-forms';
import type { Vocabulary } from '../vocabulary/types';
import { matchTemplate, sameAuxiliary, statementTemplatesOf } from '../vocabulary/templates';
import type { TemplateWord } from '../vocabulary/types';
import { skipLeadIns } from './context';
import { conceptNounReadings } from './concept-nouns';
import { actionCostAt, costToDo, statedCostToDo } from './cost-to';
import { organisationWe, organisationWeDate } from './organisation-we';
import { senseChoice } from './sense-rivals';
import { withoutUnsaidModals } from './unsaid-modals';
import { conjuncts, copulaReading } from './copula';
import { measuredStatement, unitQuestion } from './measured';
import { parseNumber } from '../text/numbers';
import { PER_WORDS, PERIOD_NOUNS, PERIODS } from '../text/synonyms';
import { plainDepartures } from './departures';
import { eventDateReadings } from './event-dates';
import { AUXILIARIES, basesOf, formsOf } from '../text/inflect';
import { ARTICLES, CONJUNCTIONS, FINITE_BE, SUBJECT_PRONOUNS, WH_WORDS } from './lexicon';
import { chooseGroups, findOccurrences, overlapping, type Occurrence } from './occurrences';
import { plainChanges } from './changes';
import { plainFuture } from './future';
import { plainModals } from './modal-phrases';
import { pronounObjects } from './pronoun-objects';
import { plainPassives } from './passives';
import { readingsOf, type ClauseSetting, type Reading } from './readings';
import { wordingsFor, type Wording } from './template-variants';
import { resolveObject, resolveSubject, type Resolution, type Span } from './resolve';
import type { Referents } from './types';

/** A clause that was read, with its text and the certainty said for its sentence. */
export interface PlacedReading {
  readonly reading: Reading;
  readonly text: string;
  readonly certainty?: number;
  /** Other readings of the clause that scored as well as this one (the prompt is ambiguous). */
  readonly rivals?: readonly Reading[];
}

/** A part of the prompt that could not be read, and the best failed attempt if there was one. */
export interface Unplaced {
  readonly text: string;
  readonly attempt?: Reading | undefined;
  readonly question: boolean;
}

export interface PromptReading {
  readonly queries: readonly PlacedReading[];
  readonly statements: readonly PlacedReading[];
  readonly unplaced: readonly Unplaced[];
  /** The prompt mentions a relationship, an instance or a concept of the map. */
  readonly mentionsMap: boolean;
  /** Some sentence reads as a question ("?", a question word, "tell me"…). */
  readonly asksSomething: boolean;
  /** Certainty phrases found, in order (answers use them). */
  readonly certainties: readonly number[];
}

interface ReadOptions {
  readonly now: number;
  readonly referents?: Referents;
  readonly pronounDefault?: string;
}

const SENTENCE_ENDS = new Set(['.', '!', '?', ';']);
/** Words that join a statement to the question after it: "…, so who…". */
const JOINERS = new Set(['so', 'now', 'and', 'but', 'then', 'tell', 'me']);
const QUESTION_STARTS = new Set([
  'who',
  'whom',
  'what',
  'which',
  'where',
  'when',
  'whose',
  'how',
  'why',
  'do',
  'does',
  'did',
  'is',
  'are',
  'can',
  'could',
  'will',
  'would',
  'has',
  'have',
  'should',
  'was',
  'were',
]);

function sentences(tokens: readonly Token[]): [number, number][] {
  const ranges: [number, number][] = [];
  let start = 0;
  tokens.forEach((token, index) => {
    if (SENTENCE_ENDS.has(token.text)) {
      if (index + 1 > start) ranges.push([start, index + 1]);
      start = index + 1;
    }
  });
  if (start < tokens.length) ranges.push([start, tokens.length]);
  return ranges.filter(([from, to]) => tokens.slice(from, to).some((token) => !token.punctuation));
}

/**
 * "Rosa - experience?": a name alone, then a dash (or ";") and a question that names nothing, is
 * the terse question about that name ("Rosa experience?"): the break is left out.
 */
function namedTopics(vocabulary: Vocabulary, tokens: readonly Token[]): readonly Token[] {
  const ranges = sentences(tokens);
  const breaks = new Set<number>();
  for (let index = 0; index + 1 < ranges.length; index++) {
    const [from, to] = ranges[index];
    const [nextFrom, nextTo] = ranges[index + 1];
    if (tokens[to - 1].text !== ';' || tokens[nextTo - 1].text !== '?' || nextTo - nextFrom > 5) continue;
    const name = vocabulary.instances.spot(tokens, from, to - 1).find((mention) => mention.distance === 0);
    const first = from + (ARTICLES.has(tokens[from].text) ? 1 : 0);
    if (!name || name.from > first || name.to !== to - 1) continue;
    if (vocabulary.instances.spot(tokens, nextFrom, nextTo).length > 0) continue;
    if (WH_WORDS.has(tokens[nextFrom].text) || AUXILIARIES.has(tokens[nextFrom].text)) continue;
    breaks.add(to - 1);
  }
  return breaks.size === 0 ? tokens : tokens.filter((_, index) => !breaks.has(index));
}

/**
 * The subject a clause leaves out when the conjunct before it ("Ayo plays golf and | is taught by
 * Bram") opens with a known name and only auxiliaries stand between the conjunction and the
 * relationship; undefined otherwise.
 */
function sharedSubject(
  vocabulary: Vocabulary,
  setting: Omit<ClauseSetting, 'clauseIndex' | 'previousSubject'>,
  occurrence: Occurrence,
  from: number,
  conjunction: number,
): Resolution | undefined {
  const { tokens } = setting;
  for (let index = conjunction + 1; index < occurrence.from; index++)
    if (!AUXILIARIES.has(tokens[index].text) && tokens[index].text !== 'not') return undefined;
  const start = ARTICLES.has(tokens[from]?.text ?? '') ? from + 1 : from;
  const lead = vocabulary.instances.spot(tokens, start, conjunction).find((mention) => mention.from === start && mention.distance === 0);
  if (!lead || lead.to >= conjunction) return undefined;
  const span: Span = { tokens: tokens.slice(lead.from, lead.to), text: spanText(setting.prompt, tokens, lead.from, lead.to) };
  const subject = resolveSubject(vocabulary, occurrence.entry.relationship, span, setting.referents, setting.pronounDefault);
  return subject.ok ? subject : undefined;
}

/**
 * "…tell me how many lessons Ayo has": an embedded "how many/much" question in statement order, put
 * in question order ("how many lessons *does* Ayo *have*") so it reads like the question asked
 * directly. Only when no auxiliary follows and a known name is followed by an inflected verb.
 */
/** Words that say "for each" before a unit ("*per* hour", "*a* night", "*each* week"). */

/**
 * "How much *per hour* is Studio A?": a rate said straight after "how much/many", before the verb,
 * is read where it usually stands, at the end ("How much is Studio A per hour?").
 */
function rateAtEnd(tokens: readonly Token[], start: number): readonly Token[] {
  const unit = tokens[start + 3];
  if (!PER_WORDS.includes(tokens[start + 2]?.text ?? '') || !unit || unit.punctuation) return tokens;
  if (!AUXILIARIES.has(tokens[start + 4]?.text ?? '')) return tokens;
  const end = tokens[tokens.length - 1]?.punctuation ? tokens.length - 1 : tokens.length;
  return [...tokens.slice(0, start + 2), ...tokens.slice(start + 4, end), ...tokens.slice(start + 2, start + 4), ...tokens.slice(end)];
}

/**
 * "Is Lise *Jonah's* supervisor?": two known names side by side, the second possessive, after a
 * question's "be" are the value and the owner: read as "Is Lise the supervisor of Jonah?", never
 * as a new name "Lise Jonah" (offsets kept).
 */
function nameThenPossessive(vocabulary: Vocabulary, tokens: readonly Token[]): readonly Token[] {
  const be = skipLeadIns(tokens, 0, tokens.length).index;
  if (!FINITE_BE.has(tokens[be]?.text ?? '') || tokens[tokens.length - 1]?.text !== '?') return tokens;
  const exact = vocabulary.instances.spot(tokens, be + 1, tokens.length).filter((mention) => mention.distance === 0);
  const value = exact.find((mention) => mention.from === be + 1);
  const owner = value && exact.find((mention) => mention.from === value.to && tokens[mention.to]?.text === "'s");
  if (!value || !owner || exact.some((mention) => mention.from === value.from && mention.to >= owner.to)) return tokens;
  const rest = tokens.slice(owner.to + 1, tokens.length - 1);
  if (rest.length === 0 || rest.length > 3 || rest.some((token) => token.punctuation)) return tokens;
  const at = tokens[owner.to];
  const said = (text: string): Token => ({ ...at, text });
  return [...tokens.slice(0, value.to), said('the'), ...rest, said('of'), ...tokens.slice(owner.from, owner.to), tokens[tokens.length - 1]];
}

/** "Which *of the* clocks have stopped?" asks what "Which clocks have stopped?" asks (offsets kept). */
function whichOfThe(tokens: readonly Token[]): readonly Token[] {
  const at = tokens.findIndex(
    (token, index) =>
      (token.text === 'which' || token.text === 'what') &&
      tokens[index + 1]?.text === 'of' &&
      ['the', 'these', 'those', 'our', 'your'].includes(tokens[index + 2]?.text ?? ''),
  );
  if (at < 0 || !tokens[at + 3] || tokens[at + 3].punctuation) return tokens;
  return [...tokens.slice(0, at + 1), ...tokens.slice(at + 3)];
}

/**
 * "Owls are *a team of 6*": a known thing said to be "a <its concept> of <number>" has that size,
 * when the map names the size so ("team size"): read as "Owls' team size is 6".
 */
function sizeOfKind(vocabulary: Vocabulary, tokens: readonly Token[]): readonly Token[] {
  const first = ARTICLES.has(tokens[0]?.text ?? '') ? 1 : 0;
  const name = vocabulary.instances.spot(tokens, 0, tokens.length).find((mention) => mention.distance === 0 && mention.from <= first);
  if (!name) return tokens;
  const at = name.to;
  const kind = words(name.entry.concept);
  if (!FINITE_BE.has(tokens[at]?.text ?? '') || !['a', 'an'].includes(tokens[at + 1]?.text ?? '')) return tokens;
  if (!kind.every((word, offset) => tokens[at + 2 + offset]?.text === word)) return tokens;
  const of = at + 2 + kind.length;
  const count = tokens[of + 1];
  if (tokens[of]?.text !== 'of' || !count || parseNumber([count]) === undefined) return tokens;
  const after = tokens[of + 2];
  if (after && !after.punctuation && !CONJUNCTIONS.has(after.text)) return tokens;
  const sized = vocabulary.relationships.some(
    (entry) => entry.relationship.subject === name.entry.concept && entry.relationship.name === `${kind.join(' ')} size`,
  );
  if (!sized) return tokens;
  const from = tokens[at];
  const said = (text: string): Token => ({ text, start: from.start, end: tokens[of].end, punctuation: false });
  return [...tokens.slice(0, at), said("'s"), ...kind.map(said), said('size'), said('is'), ...tokens.slice(of + 1)];
}

/**
 * "How much does *an hour in* the Live Room cost?", "An hour in the Live Room costs £40": a period
 * in a known thing, said as the subject, is that thing at a rate per period, read where a rate
 * stands ("How much does the Live Room cost an hour?"). Only "a/an/one <period> in/at/of <name>".
 */
function periodInThing(vocabulary: Vocabulary, tokens: readonly Token[]): readonly Token[] {
  for (let at = 0; at + 3 < tokens.length; at++) {
    if (!['a', 'an', 'one'].includes(tokens[at].text) || !PERIOD_NOUNS.has(tokens[at + 1].text)) continue;
    if (!['in', 'at', 'of'].includes(tokens[at + 2].text)) continue;
    const name = vocabulary.instances
      .spot(tokens, at + 3, tokens.length)
      .find((mention) => mention.distance === 0 && (mention.from === at + 3 || (mention.from === at + 4 && tokens[at + 3].text === 'the')));
    if (!name) return tokens;
    // Only where the thing has an amount named by that period ("hourly rate", "fee per hour").
    const period = PERIODS.find((candidate) => candidate.noun === tokens[at + 1].text);
    const periodWords = new Set([...(period?.adjectives ?? []), tokens[at + 1].text]);
    const rated = vocabulary.relationships.some(
      (entry) => entry.relationship.subject === name.entry.concept && words(entry.relationship.name).some((word) => periodWords.has(word)),
    );
    if (!rated) return tokens;
    const end = tokens[tokens.length - 1]?.punctuation ? tokens.length - 1 : tokens.length;
    return [...tokens.slice(0, at), ...tokens.slice(at + 3, end), tokens[at], tokens[at + 1], ...tokens.slice(end)];
  }
  return tokens;
}

function questionOrder(vocabulary: Vocabulary, given: readonly Token[]): readonly Token[] {
  const start = skipLeadIns(given, 0, given.length).index;
  if (given[start]?.text !== 'how') return given;
  const tokens = ['many', 'much'].includes(given[start + 1]?.text ?? '') ? rateAtEnd(given, start) : given;
  if (!['many', 'much'].includes(tokens[start + 1]?.text ?? '')) return adjectiveQuestionOrder(vocabulary, tokens, start);
  const name = vocabulary.instances.spot(tokens, start + 2, tokens.length).find((mention) => mention.distance === 0);
  const verb = name ? tokens[name.to] : undefined;
  if (!name || !verb || verb.punctuation || tokens.slice(start + 2, name.from).some((token) => AUXILIARIES.has(token.text))) return tokens;
  const bases = basesOf(verb.text).filter((candidate) => {
    const forms = formsOf(candidate);
    return candidate !== verb.text && (forms.third === verb.text || forms.past === verb.text);
  });
  // "needed" may undo to "neede" or "need": the map's own word wins.
  const base = bases.find((candidate) => vocabulary.mapWords.has(candidate)) ?? bases[0];
  if (base === undefined) return tokens;
  const aux: Token = {
    text: verb.text.endsWith('s') ? 'does' : 'did',
    start: tokens[name.from].start,
    end: tokens[name.from].start,
    punctuation: false,
  };
  return [...tokens.slice(0, name.from), aux, ...tokens.slice(name.from, name.to), { ...verb, text: base }, ...tokens.slice(name.to + 1)];
}

/** "…tell me how old Priya Shah *is*": "how <adjective> <name> be" put as "how <adjective> be <name>". */
function adjectiveQuestionOrder(vocabulary: Vocabulary, tokens: readonly Token[], start: number): readonly Token[] {
  const adjective = tokens[start + 1];
  if (!adjective || adjective.punctuation || AUXILIARIES.has(adjective.text)) return tokens;
  const name = vocabulary.instances.spot(tokens, start + 2, tokens.length).find((mention) => mention.distance === 0);
  const be = name ? tokens[name.to] : undefined;
  const after = name ? tokens[name.to + 1] : undefined;
  if (!name || name.from !== start + 2 || !be || !FINITE_BE.has(be.text) || (after && !after.punctuation)) return tokens;
  return [...tokens.slice(0, start + 2), be, ...tokens.slice(start + 2, name.to), ...tokens.slice(name.to + 1)];
}

/**
 * "Ravi*'s* allergic to gluten": "'s" before a relationship said after "be" (and before no noun
 * name) is "is". The possessive stays where a noun follows ("Ravi's allergies").
 */
function possessiveBe(vocabulary: Vocabulary, tokens: readonly Token[]): readonly Token[] {
  if (!tokens.some((token) => token.text === "'s")) return tokens;
  const occurrences = findOccurrences(vocabulary, tokens);
  return tokens.map((token, index) => {
    if (token.text !== "'s" || index === 0) return token;
    const after = occurrences.filter((occurrence) => occurrence.from === index + 1);
    const predicate = after.some((occurrence) => occurrence.form.requiresAux === 'be' && !occurrence.form.reversed);
    return predicate && !after.some((occurrence) => occurrence.form.kind === 'noun') ? { ...token, text: 'is' } : token;
  });
}

/** Template readings of a whole sentence ("Which country does %S live in?"). */
function templateReadings(vocabulary: Vocabulary, setting: ClauseSetting, tokens: readonly Token[]): Reading[] {
  const lead = skipLeadIns(tokens, 0, tokens.length);
  const positions: number[] = [];
  for (let index = lead.index; index < tokens.length; index++) if (!tokens[index].punctuation) positions.push(index);
  const said: Wording = { words: positions.map((index) => tokens[index].text), positions };
  const readings: Reading[] = [];
  for (const entry of vocabulary.relationships) {
    for (const template of entry.templates) {
      let found: { match: NonNullable<ReturnType<typeof matchTemplate>>; wording: Wording } | undefined;
      const siblings = entry.templates.filter((other) => other !== template).map((other) => other.words);
      for (const wording of wordingsFor(said, template.words, siblings)) {
        const words = wording.words;
        const first = template.words[0];
        if (
          'literal' in first &&
          first.literal !== words[0] &&
          !sameAuxiliary(words[0] ?? '', first.literal) &&
          !['a', 'an', 'the'].includes(first.literal)
        )
          continue;
        const match = matchTemplate(template.words, words);
        if (match) {
          found = { match, wording };
          break;
        }
      }
      if (!found) continue;
      const { match } = found;
      const at = found.wording.positions;
      const spanOf = (range: [number, number] | undefined): Span | undefined =>
        range
          ? {
              tokens: tokens.slice(at[range[0]], at[range[1] - 1] + 1),
              text: spanText(setting.prompt, tokens, at[range[0]], at[range[1] - 1] + 1),
            }
          : undefined;
      const relationship = entry.relationship;
      const subjectSpan = spanOf(match.S);
      const objectSpan = spanOf(match.O);
      const subject: Resolution | undefined = subjectSpan
        ? resolveSubject(vocabulary, relationship, subjectSpan, setting.referents, setting.pronounDefault)
        : undefined;
      const object: Resolution | undefined = objectSpan
        ? resolveObject(vocabulary, relationship, objectSpan, setting.now, false)
        : undefined;
      const resolutions = [subject, object].filter((item): item is Resolution => item !== undefined);
      const failure = resolutions.find((item) => !item.ok);
      const score =
        40 + template.words.length + resolutions.reduce((sum, item) => sum + (item.ok ? (item.how === 'new' ? 3 : 10) : -25), 0);
      readings.push({
        kind: 'query',
        relationship,
        ...(subject ? { subject } : {}),
        objects: object ? [object] : [],
        negated: false,
        score,
        ...(failure && !failure.ok
          ? { failure: { kind: failure.reason === 'not-a-name' ? 'phrasing' : 'map', message: failure.message } }
          : {}),
      });
    }
  }
  return readings;
}

/** Usable readings as good as the best one, but saying something else. */
function rivalsOf(chosen: Reading, readings: readonly Reading[]): Reading[] {
  const key = (reading: Reading): string =>
    JSON.stringify([
      reading.relationship.name,
      reading.subject?.ok ? reading.subject.value : null,
      reading.objects.map((object) => (object.ok ? object.value : null)),
    ]);
  const seen = new Set([key(chosen)]);
  const rivals: Reading[] = [];
  for (const reading of readings) {
    if (reading.failure || reading.score !== chosen.score || reading.kind !== chosen.kind || seen.has(key(reading))) continue;
    seen.add(key(reading));
    rivals.push(reading);
  }
  return rivals;
}

/** "£800 was spent on the Loft": the statement a map's "How much was spent on %S?" asks for. */
function templateStatement(
  vocabulary: Vocabulary,
  setting: ClauseSetting,
  tokens: readonly Token[],
  /** The subject a clause leaves out ("…and is booked in for 4 nights"): the forms are read without it. */
  givenSubject?: Resolution,
): Reading | undefined {
  const lead = skipLeadIns(tokens, 0, tokens.length);
  const positions: number[] = [];
  for (let index = lead.index; index < tokens.length; index++) if (!tokens[index].punctuation) positions.push(index);
  // "Noor has passed grade 4 *now*": a closing "now" or "already" says nothing more.
  while (positions.length > 1 && ['now', 'already'].includes(tokens[positions[positions.length - 1]].text)) positions.pop();
  const words = positions.map((index) => tokens[index].text);
  const spanOf = (range: [number, number]): Span => ({
    tokens: tokens.slice(positions[range[0]], positions[range[1] - 1] + 1),
    text: spanText(setting.prompt, tokens, positions[range[0]], positions[range[1] - 1] + 1),
  });
  for (const entry of vocabulary.relationships) {
    for (const template of entry.templates) {
      let pattern: TemplateWord[] | undefined;
      let match: ReturnType<typeof matchTemplate>;
      for (const candidate of statementTemplatesOf(template)) {
        const first = candidate[0];
        if (givenSubject) {
          if (!('slot' in first) || first.slot !== 'S') continue;
          match = matchTemplate(candidate.slice(1), words);
          if (match?.O) {
            pattern = candidate;
            break;
          }
          continue;
        }
        match = matchTemplate(candidate, words);
        if (match?.S && match.O) {
          pattern = candidate;
          break;
        }
      }
      if (!pattern || !match?.O || (!givenSubject && !match.S)) continue;
      const relationship = entry.relationship;
      const subject =
        givenSubject && givenSubject.ok && vocabulary.map.instances.get(relationship.subject)?.has(String(givenSubject.value))
          ? givenSubject
          : match.S
            ? resolveSubject(vocabulary, relationship, spanOf(match.S), setting.referents, setting.pronounDefault)
            : undefined;
      if (!subject) continue;
      const object = resolveObject(vocabulary, relationship, spanOf(match.O), setting.now, relationship.canAdd.object);
      if (!subject.ok || !object.ok) continue;
      // The bare "%S is %O" of an age ("Mo is 19") only of a known one and a plain number: never
      // "Renata's rate is £130".
      if (pattern.length === 3 && (subject.how === 'new' || !/^\d+$/.test(spanOf(match.O).text.trim()))) continue;
      return { kind: 'statement', relationship, subject, objects: [object], negated: false, score: 40 + pattern.length };
    }
  }
  return undefined;
}

/**
 * Where a new clause may start: after a conjunction or a comma, or at a question word that does not
 * stand for the object just named ("Ada lives in *which* country?", "Ada lives *where*?").
 */
function clauseBreak(tokens: readonly Token[], index: number, occurrenceEnds: ReadonlySet<number>): boolean {
  if (CONJUNCTIONS.has(tokens[index].text)) return true;
  return WH_WORDS.has(tokens[index].text) && index > 0 && !occurrenceEnds.has(index) && !PREPOSITIONS.has(tokens[index - 1].text);
}

/**
 * Occurrences of the relationships' own names; those of their object concepts' names ("Biscuit's
 * diet") and derived forms ("the cost of" for "costs") only in a part of the sentence with none of
 * the former, and never inside an instance's name ("Main Stage" is no "stage"). A derived form that
 * overlaps an own name is kept beside it, so "Order 41 costs £86" can still be a "total price" when
 * "costs" is another concept's relationship.
 */
function ownOccurrences(vocabulary: Vocabulary, tokens: readonly Token[], found: readonly Occurrence[]): Occurrence[] {
  let occurrences = found;
  const names = vocabulary.instances.spot(tokens, 0, tokens.length).filter((mention) => mention.distance === 0);
  // "the Off-Peak *plan*", "the *horse* Comet": a concept's noun right beside a name of that concept is
  // the name's apposition, not the relationship to that concept.
  const apposition = (occurrence: Occurrence): boolean =>
    occurrence.form.fromConcept === true &&
    names.some(
      (name) =>
        (name.to === occurrence.from || name.from === occurrence.to) &&
        vocabulary.conceptWords.get(occurrence.form.words.join(' ')) === name.entry.concept,
    );
  // Unless nothing else names a relationship: "Is the Loft in the Low *price band*?" says it by that noun.
  const beside = occurrences.filter(apposition);
  const others = occurrences.filter((occurrence) => !beside.some((noun) => noun.from <= occurrence.from && occurrence.to <= noun.to));
  if (others.length > 0) occurrences = others;
  // A derived form that says every word of the name ("hours of labour" for "labour hours") is as good as the name.
  const sayable = (occurrence: Occurrence): boolean => {
    const said = new Set(occurrence.form.words);
    return words(occurrence.entry.relationship.name).every((word) => said.has(word));
  };
  // …unless the relationship is already said its own way ("will *take* 2.5 hours of labour": the words are its value).
  const saidOwnWay = new Set(
    occurrences.filter((occurrence) => !occurrence.form.fromConcept && occurrence.form.derived === undefined).map((o) => o.entry),
  );
  const secondary = (occurrence: Occurrence): boolean =>
    occurrence.form.fromConcept === true ||
    (occurrence.form.derived !== undefined && (!sayable(occurrence) || saidOwnWay.has(occurrence.entry)));
  // A word of an instance's name is not a relationship: the plan "Move Indoors" does not "move"; nor
  // does a name's last word open one ("Night *Session* date?" is the session's date, not a "session date" of "Night").
  const inName = (occurrence: Occurrence): boolean =>
    names.some(
      (name) => name.from <= occurrence.from && occurrence.from < name.to && (occurrence.to <= name.to || name.from < occurrence.from),
    );
  const own = occurrences.filter((occurrence) => !secondary(occurrence) && !inName(occurrence));
  const part: number[] = [];
  let current = 0;
  const ends = new Set(own.map((occurrence) => occurrence.to));
  tokens.forEach((_, index) => {
    if (clauseBreak(tokens, index, ends)) current++;
    part.push(current);
  });
  const ownParts = new Set(own.map((occurrence) => part[occurrence.from]));
  const outsideNames = (occurrence: Occurrence): boolean => !names.some((name) => occurrence.from < name.to && name.from < occurrence.to);
  const derived = occurrences.filter(
    (occurrence) =>
      occurrence.form.derived !== undefined &&
      outsideNames(occurrence) &&
      (!ownParts.has(part[occurrence.from]) || own.some((mine) => occurrence.from < mine.to && mine.from < occurrence.to)),
  );
  // "per month" alone only closes a question with nothing else to read ("How much is the Pro plan per month?").
  // Words inside the period itself ("day" of "per day") do not make the part busy.
  const busy = (trailing: Occurrence): boolean =>
    occurrences.some(
      (other) =>
        !other.form.trailing &&
        outsideNames(other) &&
        part[other.from] === part[trailing.from] &&
        (other.to <= trailing.from || trailing.to <= other.from),
    );
  const kept = derived.filter((occurrence) => !occurrence.form.trailing || !busy(occurrence));
  // A derived form says what the part is about as an own name would: "Which *mills* provide X?" is no
  // "mill" question, "Which room is Priya's reservation?" no "room" one; one at the same place stays beside it.
  // "Ottilie's *joining date*?" (object concept "joining date" of "joined on"): a concept's noun that
  // holds the relationship's own word stays beside it, as another reading of the same relationship.
  const holdsOwn = (occurrence: Occurrence): boolean =>
    own.some((mine) => mine.entry === occurrence.entry && occurrence.from <= mine.from && mine.to <= occurrence.to);
  const byConcept = occurrences.filter(
    (occurrence) =>
      occurrence.form.fromConcept &&
      outsideNames(occurrence) &&
      (!ownParts.has(part[occurrence.from]) || holdsOwn(occurrence)) &&
      !kept.some(
        (other) =>
          !other.form.trailing &&
          part[other.from] === part[occurrence.from] &&
          (other.to <= occurrence.from || occurrence.to <= other.from),
      ),
  );
  return [...own, ...kept, ...byConcept];
}

/** A statement clause whose relationship is left out: its subject and value, read with the previous clause's. */
interface GappedClause {
  readonly from: number;
  readonly to: number;
  readonly reading: Reading;
}

/**
 * One conjunct of a gapped statement: a subject of the relationship, then only auxiliaries, the
 * words that named the relationship in the first clause ("weighs") or its prepositions, then a
 * value of the relationship's type or one of its known instances ("…, and order 43 has 2", "and Ada
 * in France"). Anything else is no gap, so an ordinary list of values stays a list.
 */
function gappedConjunct(setting: ClauseSetting, occurrence: Occurrence, from: number, to: number): Reading | undefined {
  const { vocabulary, tokens } = setting;
  const relationship = occurrence.entry.relationship;
  let start = from;
  if (tokens[start]?.text === 'the') start++;
  const mention = vocabulary.instances
    .spot(tokens, start, to, new Set([relationship.subject]))
    .find((found) => found.from === start && found.distance === 0);
  if (!mention) return undefined;
  const named = new Set(tokens.slice(occurrence.from, occurrence.to).map((token) => token.text));
  let valueFrom = mention.to;
  while (
    valueFrom < to &&
    (AUXILIARIES.has(tokens[valueFrom].text) || named.has(tokens[valueFrom].text) || PREPOSITIONS.has(tokens[valueFrom].text))
  )
    valueFrom++;
  if (valueFrom >= to) return undefined;
  const subjectSpan: Span = { tokens: tokens.slice(start, mention.to), text: spanText(setting.prompt, tokens, start, mention.to) };
  const objectSpan: Span = { tokens: tokens.slice(valueFrom, to), text: spanText(setting.prompt, tokens, valueFrom, to) };
  const subject = resolveSubject(vocabulary, relationship, subjectSpan, setting.referents);
  const object = resolveObject(vocabulary, relationship, objectSpan, setting.now, false);
  if (!subject.ok || !object.ok || subject.how === 'new' || object.how === 'new') return undefined;
  return { kind: 'statement', relationship, subject, objects: [object], negated: false, score: 40 };
}

/**
 * Gapping: "Order 42 has 3 parcels and Order 43 has 2". From the first conjunction after the
 * relationship's words, every conjunct must read as a gapped clause of one of the group's
 * relationships; the first clause then ends there. Questions are never gapped.
 */
function gappedTail(
  setting: ClauseSetting,
  alternatives: readonly Occurrence[],
  after: number,
  clauseTo: number,
): { cut: number; occurrence: Occurrence; clauses: GappedClause[] } | undefined {
  const tokens = setting.tokens;
  if (setting.questionMark) return undefined;
  for (let cut = after; cut < clauseTo; cut++) {
    if (!CONJUNCTIONS.has(tokens[cut].text)) continue;
    const parts: [number, number][] = [];
    let start = cut;
    for (let index = cut; index <= clauseTo; index++) {
      const ends = index === clauseTo || tokens[index].punctuation || CONJUNCTIONS.has(tokens[index].text);
      if (!ends) continue;
      if (index > start) parts.push([start, index]);
      start = index + 1;
    }
    if (parts.length === 0) return undefined;
    for (const occurrence of alternatives) {
      if (occurrence.form.reversed) continue;
      const clauses: GappedClause[] = [];
      for (const [from, to] of parts) {
        const reading = gappedConjunct(setting, occurrence, from, to);
        if (!reading) break;
        clauses.push({ from, to, reading });
      }
      if (clauses.length === parts.length) return { cut, occurrence, clauses };
    }
    return undefined;
  }
  return undefined;
}

/**
 * The first conjunction after the relationship's words that is followed by a subject of one of the
 * group's relationships (not one of its objects, so "owns the Red Van and Lemon" stays a list), or
 * undefined.
 */
function looseConjunct(
  vocabulary: Vocabulary,
  tokens: readonly Token[],
  alternatives: readonly Occurrence[],
  after: number,
  clauseTo: number,
): number | undefined {
  const subjects = new Set(alternatives.map((occurrence) => occurrence.entry.relationship.subject));
  const objects = new Set(alternatives.map((occurrence) => occurrence.entry.relationship.object));
  for (let cut = after; cut < clauseTo; cut++) {
    if (!CONJUNCTIONS.has(tokens[cut].text)) continue;
    let start = cut + 1;
    while (start < clauseTo && (CONJUNCTIONS.has(tokens[start].text) || tokens[start].text === 'the')) start++;
    const mention = vocabulary.instances.spot(tokens, start, clauseTo).find((found) => found.from === start && found.distance === 0);
    if (mention && subjects.has(mention.entry.concept) && !objects.has(mention.entry.concept)) return cut;
  }
  return undefined;
}

/** The clause opens like a question ("which…", "does…", "tell me…"). */
function opensQuestion(tokens: readonly Token[], from: number, to: number): boolean {
  const lead = skipLeadIns(tokens, from, to);
  return lead.question || QUESTION_STARTS.has(tokens[lead.index]?.text ?? '');
}

/** Words that close a question only to link it to what was said before ("…, though?", "…again?"). */
const QUESTION_TAILS = new Set(['though', 'anyway', 'again', 'then']);

/** Remembers the names a reading used, by concept, for pronouns in later sentences. */
function noteReferents(vocabulary: Vocabulary, referents: Referents, reading: Reading): void {
  const { subject, relationship } = reading;
  if (subject?.ok && typeof subject.value === 'string' && subject.how !== 'pronoun') {
    referents.lastSubject.set(relationship.subject, subject.value);
    referents.lastAny = subject.value;
  }
  if (vocabulary.map.concepts.get(relationship.object)?.type !== 'string') return;
  for (const object of reading.objects)
    if (object.ok && typeof object.value === 'string') referents.lastSubject.set(relationship.object, object.value);
}

/**
 * An amount said with a verb of its own: the question, or the statements of every conjunct ("Red Rye
 * comes in at 5.8% and sells for £98 a cask"; each must read, or none does). `understand/measured.ts`.
 */
function measuredReadings(setting: ClauseSetting, from: number, to: number): Reading[] {
  const asked = unitQuestion(setting, from, to);
  if (asked) return [asked];
  const read: Reading[] = [];
  let previous = setting.previousSubject;
  for (const [partFrom, partTo] of conjuncts(setting.tokens, from, to)) {
    // "Row 4 is 1.2 acres, maybe.": a certainty said after a comma leaves only the stop behind it.
    if (setting.tokens.slice(partFrom, partTo).every((token) => token.punctuation)) continue;
    const part = { ...setting, clauseIndex: setting.clauseIndex + read.length, ...(previous ? { previousSubject: previous } : {}) };
    const reading = measuredStatement(part, partFrom, partTo);
    if (!reading) return [];
    read.push(reading);
    previous = reading.subject;
  }
  return read;
}

function best(readings: readonly Reading[]): Reading | undefined {
  let top: Reading | undefined;
  for (const reading of readings) {
    const better = !top || (!reading.failure && top.failure) || (!!reading.failure === !!top.failure && reading.score > top.score);
    if (better) top = reading;
  }
  return top;
}

/** Reads every sentence and clause of a tokenised prompt. */
/**
 * The tokens of a closing tag question ("…, is he?", "…, isn't it?", "…, doesn't she?"): a comma,
 * an auxiliary, an optional "not" and a subject pronoun before the "?" (closed classes of English).
 */
function tagQuestion(sentence: readonly Token[]): number[] {
  const end = sentence.length - 1;
  if (sentence[end]?.text !== '?' || !SUBJECT_PRONOUNS.has(sentence[end - 1]?.text ?? '')) return [];
  let at = end - 2;
  if (sentence[at]?.text === 'not') at--;
  if (!AUXILIARIES.has(sentence[at]?.text ?? '') || sentence[at - 1]?.text !== ',') return [];
  // Something must be left to ask: the tag alone ("Is it?") is the whole question.
  if (at - 1 < 2) return [];
  return Array.from({ length: end - (at - 1) }, (_, offset) => at - 1 + offset);
}

/**
 * British "have got" for "have": "Which rooms *have got* drums?" is "Which rooms have drums?", and
 * "*Has* Studio A *got* a grand piano?" is "Does Studio A have a grand piano?" ("has got to" is a
 * duty, left as said; offsets kept).
 */
function haveGot(tokens: readonly Token[]): readonly Token[] {
  const got = tokens.findIndex(
    (token, index) => token.text === 'got' && index > 0 && tokens[index + 1] !== undefined && tokens[index + 1].text !== 'to',
  );
  if (got < 0) return tokens;
  const opening = skipLeadIns(tokens, 0, got).index;
  const first = tokens[opening]?.text ?? '';
  if (['has', 'have'].includes(first) && got > opening + 1 && !tokens.slice(opening + 1, got).some((token) => token.text === 'not')) {
    const aux = { ...tokens[opening], text: first === 'has' ? 'does' : 'do' };
    return [
      ...tokens.slice(0, opening),
      aux,
      ...tokens.slice(opening + 1, got),
      { ...tokens[got], text: 'have' },
      ...tokens.slice(got + 1),
    ];
  }
  if (['has', 'have', "'ve"].includes(tokens[got - 1].text)) return [...tokens.slice(0, got), ...tokens.slice(got + 1)];
  return tokens;
}

/**
 * "Which rooms have drums *in them*?": a closing preposition and "them"/"it" in a which/what
 * question stand for the things asked about; the question is the same without them.
 */
function askedThingsPronoun(sentence: readonly Token[]): number[] {
  const end = sentence.length - 1;
  if (sentence[end]?.text !== '?' || !['them', 'it'].includes(sentence[end - 1]?.text ?? '')) return [];
  if (!['in', 'on', 'inside', 'at', 'within'].includes(sentence[end - 2]?.text ?? '')) return [];
  const opening = skipLeadIns(sentence, 0, end).index;
  if (!['which', 'what'].includes(sentence[opening]?.text ?? '') || end - 2 - opening < 3) return [];
  return [end - 2, end - 1];
}

/**
 * "Which teams have *their* practices on Sheet 10?": "their" after a which-question's plural noun
 * (or "its" after a singular one) is the things asked about; the question is the same without it.
 */
function askedThingsPossessive(vocabulary: Vocabulary, sentence: readonly Token[]): number[] {
  const opening = skipLeadIns(sentence, 0, sentence.length).index;
  if (sentence[sentence.length - 1]?.text !== '?' || !['which', 'what'].includes(sentence[opening]?.text ?? '')) return [];
  for (let length = 3; length >= 1; length--) {
    const noun = sentence.slice(opening + 1, opening + 1 + length).map((token) => token.text);
    const concept = noun.length === length ? vocabulary.conceptWords.get(noun.join(' ')) : undefined;
    if (!concept) continue;
    const plural = words(concept).pop() !== noun[noun.length - 1];
    const pronoun = plural ? 'their' : 'its';
    const at = sentence.findIndex((token, index) => index > opening + length + 1 && token.text === pronoun);
    return at > 0 && !sentence[at + 1]?.punctuation ? [at] : [];
  }
  return [];
}

/**
 * "Expected yield, Chalk Bank?": a terse question of a few words, a comma and a known name closing
 * it asks as "Expected yield of Chalk Bank?" does.
 */
function terseNameAfterComma(vocabulary: Vocabulary, tokens: readonly Token[]): readonly Token[] {
  const end = tokens.length - 1;
  if (tokens[end]?.text !== '?') return tokens;
  const comma = tokens.findIndex((token) => token.text === ',');
  if (comma < 1 || comma > 4 || tokens.slice(0, comma).some((token) => token.punctuation || WH_WORDS.has(token.text))) return tokens;
  const named = vocabulary.instances
    .spot(tokens, comma + 1, end)
    .find((one) => one.from === comma + 1 && one.to === end && one.distance === 0);
  if (!named || vocabulary.instances.spot(tokens, 0, comma).length > 0) return tokens;
  return [...tokens.slice(0, comma), { ...tokens[comma], text: 'of', punctuation: false }, ...tokens.slice(comma + 1)];
}

export function readPrompt(prompt: string, allTokens: readonly Token[], vocabulary: Vocabulary, options: ReadOptions): PromptReading {
  const queries: PlacedReading[] = [];
  const statements: PlacedReading[] = [];
  const unplaced: Unplaced[] = [];
  const certainties: number[] = [];
  let mentionsMap = false;
  let asksSomething = false;
  let previousSubject: Resolution | undefined;

  // Names said in one sentence are what "it" or "she" means in the next ("I think Marisol owns the Roadster. Who repairs it?").
  const referents: Referents = {
    ...(options.referents?.speaker !== undefined ? { speaker: options.referents.speaker } : {}),
    lastSubject: new Map(options.referents?.lastSubject ?? []),
    ...(options.referents?.lastAny !== undefined ? { lastAny: options.referents.lastAny } : {}),
  };
  let noted = 0;
  const noteNew = (): void => {
    const placed = [...queries, ...statements];
    for (const { reading } of placed.slice(noted)) noteReferents(vocabulary, referents, reading);
    noted = placed.length;
  };
  const tokensRead = namedTopics(vocabulary, pronounObjects(vocabulary, allTokens));
  for (const [from, to] of sentences(tokensRead)) {
    noteNew();
    const sentence = tokensRead.slice(from, to);
    const questionMark = sentence[sentence.length - 1].text === '?';
    const found = findCertainties(sentence);
    // A bare "80%" closing a sentence after a comma is a certainty too ("…France, 80%").
    const strong = found.filter(
      (match) =>
        !match.weak ||
        (match.to === sentence.length - (questionMark || SENTENCE_ENDS.has(sentence[sentence.length - 1].text) ? 1 : 0) &&
          sentence[match.from - 1]?.text === ','),
    );
    for (const match of strong) certainties.push(match.certainty);
    const certainty = strong[0]?.certainty;
    const removed = new Set<number>();
    for (const match of strong) for (let index = match.from; index < match.to; index++) removed.add(index);
    // "Lee's not enrolled on BSL 1, *is he*?": a tag question repeats the sentence's own question.
    for (const index of tagQuestion(sentence)) removed.add(index);
    for (const index of askedThingsPronoun(sentence)) removed.add(index);
    for (const index of askedThingsPossessive(vocabulary, sentence)) removed.add(index);
    // "Who else hires the Red Van?": "else" after a question word asks the same question.
    sentence.forEach((token, index) => {
      if (token.text === 'else' && WH_WORDS.has(sentence[index - 1]?.text ?? '')) removed.add(index);
    });
    // "Who trains Willa *though*?", "Who coaches Rosa *again*?": a word closing a question that only links it to the talk.
    // Never a word the map's own forms say ("Is %S checked again?").
    const tail = sentence[sentence.length - 2]?.text ?? '';
    if (questionMark && sentence.length > 3 && QUESTION_TAILS.has(tail) && !vocabulary.mapWords.has(tail)) removed.add(sentence.length - 2);
    // "Which *of the* clocks…?" is "Which clocks…?".
    const kept = terseNameAfterComma(
      vocabulary,
      nameThenPossessive(vocabulary, whichOfThe(sentence.filter((_, index) => !removed.has(index)))),
    );
    const tokens = questionOrder(
      vocabulary,
      possessiveBe(
        vocabulary,
        plainPassives(
          plainModals(
            vocabulary,
            plainChanges(
              vocabulary,
              costToDo(
                vocabulary,
                statedCostToDo(
                  vocabulary,
                  actionCostAt(
                    vocabulary,
                    plainDepartures(
                      vocabulary,
                      plainFuture(
                        haveGot(
                          periodInThing(
                            vocabulary,
                            sizeOfKind(vocabulary, organisationWeDate(vocabulary, organisationWe(vocabulary, kept), options.now)),
                          ),
                        ),
                      ),
                    ),
                  ),
                ),
              ),
            ),
          ),
        ),
      ),
    );
    const firstWord = skipLeadIns(tokens, 0, tokens.length);
    const sentenceAsks = questionMark || firstWord.question || QUESTION_STARTS.has(tokens[firstWord.index]?.text ?? '');
    asksSomething ||= sentenceAsks;
    const setting: Omit<ClauseSetting, 'clauseIndex' | 'previousSubject'> = {
      vocabulary,
      prompt,
      tokens,
      now: options.now,
      questionMark,
      referents,
      ...(options.pronounDefault !== undefined ? { pronounDefault: options.pronounDefault } : {}),
    };
    const text = spanText(prompt, sentence, 0, sentence.length);
    if (tokens.length === 0 || tokens.every((token) => token.punctuation)) continue;

    const occurrences = ownOccurrences(vocabulary, tokens, findOccurrences(vocabulary, tokens));
    const groups = chooseGroups(occurrences);
    if (occurrences.length > 0 || vocabulary.instances.spot(tokens, 0, tokens.length).some((mention) => mention.distance === 0))
      mentionsMap = true;
    if (tokens.some((token) => vocabulary.conceptWords.has(token.text))) mentionsMap = true;

    const templated = best(templateReadings(vocabulary, { ...setting, clauseIndex: 0 }, tokens));
    // A question form of the map matches the whole sentence: the strongest reading there is.
    if (templated && !templated.failure) {
      queries.push({ reading: templated, text, ...(certainty !== undefined ? { certainty } : {}) });
      mentionsMap = true;
      continue;
    }
    const stated = questionMark ? undefined : templateStatement(vocabulary, { ...setting, clauseIndex: 0 }, tokens);
    if (stated) {
      statements.push({ reading: stated, text, ...(certainty !== undefined ? { certainty } : {}) });
      mentionsMap = true;
      continue;
    }
    // "Leela sits her exam on 2 November 2027": a date said with the words of one date relationship.
    const [dated, ...datedRivals] = eventDateReadings({ ...setting, clauseIndex: 0 }, 0, tokens.length);
    if (dated) {
      (dated.kind === 'query' ? queries : statements).push({
        reading: dated,
        text,
        ...(certainty !== undefined ? { certainty } : {}),
        ...(datedRivals.length > 0 ? { rivals: datedRivals } : {}),
      });
      mentionsMap = true;
      continue;
    }
    // "Who are Mr Fenwick's pupils?": a concept's noun of an instance at the other end of a relationship.
    // Only where no relationship is named but by a concept's noun (the noun said is then this one).
    const named = occurrences.map((occurrence) => ({
      from: occurrence.from,
      to: occurrence.to,
      byConcept: occurrence.form.fromConcept === true,
    }));
    const byNoun = conceptNounReadings({ ...setting, clauseIndex: 0 }, 0, tokens.length, named);
    if (byNoun.length > 0) {
      const [reading, ...rivals] = byNoun;
      queries.push({ reading, text, ...(certainty !== undefined ? { certainty } : {}), ...(rivals.length > 0 ? { rivals } : {}) });
      mentionsMap = true;
      continue;
    }
    if (groups.length === 0) {
      // No relationship name: perhaps "Mohammed is unemployed" (one "be" sentence per conjunct).
      conjuncts(tokens, 0, tokens.length).forEach(([partFrom, partTo], part) => {
        const partText = spanText(prompt, tokens, partFrom, partTo);
        const partSetting = { ...setting, clauseIndex: part, ...(previousSubject ? { previousSubject } : {}) };
        const plain = copulaReading(partSetting, partFrom, partTo);
        // "Red Rye comes in at 5.8% and sells for £98 a cask": an amount said with a verb of its own.
        const measured = plain && !plain.failure ? plain : (measuredReadings(partSetting, partFrom, partTo)[0] ?? plain);
        // "Kit is 14 and Lee is 30": each conjunct in the map's own statement form, as a sentence of its own.
        const reading =
          (!measured || measured.failure) && !questionMark && conjuncts(tokens, 0, tokens.length).length > 1
            ? (templateStatement(vocabulary, partSetting, tokens.slice(partFrom, partTo)) ?? measured)
            : measured;
        if (reading?.subject?.ok) previousSubject = reading.subject;
        if (reading && !reading.failure) {
          mentionsMap = true;
          (reading.kind === 'query' ? queries : statements).push({
            reading,
            text: partText,
            ...(certainty !== undefined ? { certainty } : {}),
          });
        } else {
          const attempt = reading ?? templated;
          unplaced.push({ text: partText, question: sentenceAsks, ...(attempt ? { attempt } : {}) });
        }
      });
      continue;
    }
    const extras: [number, number, number][] = [];
    // Groups with nothing between them to start a new clause (no conjunction, comma or question word).
    const glued = new Set<number>();
    // Clause boundaries: the last conjunction between two occurrences.
    const bounds: [number, number][] = [];
    let start = 0;
    // "Rex receives the Rabies Shot, how much is it?": a question after the last relationship, opened by
    // a question word after a conjunction or comma, is a clause of its own even without a relationship name.
    let trailingQuestion: [number, number] | undefined;
    groups.forEach((group, index) => {
      const next = groups[index + 1];
      if (!next) {
        const wh = tokens.findIndex(
          (token, position) =>
            position > group.to &&
            WH_WORDS.has(token.text) &&
            (CONJUNCTIONS.has(tokens[position - 1].text) || JOINERS.has(tokens[position - 1].text)),
        );
        if (wh < 0) {
          bounds.push([start, tokens.length]);
          return;
        }
        let end = wh;
        while (end > group.to && (CONJUNCTIONS.has(tokens[end - 1].text) || JOINERS.has(tokens[end - 1].text))) end--;
        bounds.push([start, end]);
        trailingQuestion = [wh, tokens.length];
        return;
      }
      let cut = -1;
      for (let position = next.from - 1; position >= group.to; position--) {
        if (CONJUNCTIONS.has(tokens[position].text)) {
          cut = position;
          break;
        }
      }
      // "I'm fairly sure Teodor owns Bike 12 - who repairs it?": a question word opens the next clause.
      const wh = tokens.findIndex(
        (token, position) =>
          position > group.to && position < next.from && WH_WORDS.has(token.text) && !PREPOSITIONS.has(tokens[position - 1].text),
      );
      if (wh >= 0 && wh > cut) {
        // "…owns the Osprey, so who owns Sea Wren?": the joining words stay out of both clauses.
        let end = wh;
        while (end > group.to && (CONJUNCTIONS.has(tokens[end - 1].text) || JOINERS.has(tokens[end - 1].text))) end--;
        bounds.push([start, end]);
        start = wh;
      } else if (cut >= 0) {
        bounds.push([start, cut]);
        start = cut + 1;
      } else {
        bounds.push([start, next.from]);
        glued.add(index + 1);
        start = next.from;
      }
    });
    const queriesBefore = queries.length;
    const gluedQueries: PlacedReading[] = [];
    let consumedTo = 0;
    groups.forEach((group, index) => {
      // A clause read whole by a form of the map takes the relationships named inside it along.
      if (group.from < consumedTo) return;
      // "…and *his* weekly spend is £20": the clauses before this one name who "his" is.
      noteNew();
      let [clauseFrom] = bounds[index];
      const boundTo = bounds[index][1];
      // "Dana is retired and resides in Southvale": a "be" clause before the relationship's own.
      // "A Bath and Brush is £40 now and takes…": an "and" inside a name the map knows joins no clauses.
      const names = vocabulary.instances.spot(tokens, clauseFrom, group.from).filter((mention) => mention.distance === 0);
      for (let position = clauseFrom + 1; position < group.from; position++) {
        if (!CONJUNCTIONS.has(tokens[position].text)) continue;
        if (names.some((mention) => mention.from < position && position < mention.to)) continue;
        const beforeSetting = { ...setting, clauseIndex: index, ...(previousSubject ? { previousSubject } : {}) };
        const plainBefore = copulaReading(beforeSetting, clauseFrom, position);
        // "Crate 9 comes in at 80% and takes…": an amount said with a verb of its own.
        const measuredBefore =
          plainBefore && !plainBefore.failure ? plainBefore : (measuredReadings(beforeSetting, clauseFrom, position)[0] ?? plainBefore);
        // "Kit is 14 and hires Kayak 3": the map's own statement form ("%S is %O" of an age), as a
        // sentence of its own reads it.
        const before =
          (!measuredBefore || measuredBefore.failure) && !questionMark
            ? (templateStatement(vocabulary, beforeSetting, tokens.slice(clauseFrom, position)) ?? measuredBefore)
            : measuredBefore;
        if (before && !before.failure) {
          (before.kind === 'query' ? queries : statements).push({
            reading: before,
            text: spanText(prompt, tokens, clauseFrom, position),
            ...(certainty !== undefined ? { certainty } : {}),
          });
          if (before.subject?.ok) previousSubject = before.subject;
          clauseFrom = position + 1;
        } else if (!questionMark) {
          // "Ayo plays golf and is taught by Bram": the first conjunct does not read, but its subject
          // is the second's; the first is reported as not understood, never silently dropped.
          const shared = sharedSubject(vocabulary, setting, group.alternatives[0], clauseFrom, position);
          if (shared) {
            unplaced.push({ text: spanText(prompt, tokens, clauseFrom, position), question: false });
            previousSubject = shared;
            clauseFrom = position + 1;
          }
        }
        break;
      }
      // "…lives in England, *is 34*", "…needs a follow-up and *has a cough*": a conjunct opening with
      // "be" or another auxiliary is a clause of its own (read, or reported as not understood).
      let clauseTo = boundTo;
      for (let position = group.to; position + 1 < boundTo; position++) {
        // "…paid a £50 deposit and *he is* 19": so is one opening with a subject pronoun and an auxiliary.
        const pronounLed =
          ['he', 'she', 'it', 'they'].includes(tokens[position + 1].text) && AUXILIARIES.has(tokens[position + 2]?.text ?? '');
        if (CONJUNCTIONS.has(tokens[position].text) && (AUXILIARIES.has(tokens[position + 1].text) || pronounLed)) {
          clauseTo = position;
          break;
        }
      }
      const beClauseTo = clauseTo;
      // "Order 42 has 3 parcels and Order 43 has 2": the conjuncts after the first clause say its relationship again.
      const gapped = gappedTail(
        { ...setting, clauseIndex: index, questionMark: questionMark && index === groups.length - 1 },
        group.alternatives,
        group.to,
        clauseTo,
      );
      if (gapped) {
        clauseTo = gapped.cut;
        while (clauseTo > group.to && tokens[clauseTo - 1].punctuation) clauseTo--;
      } else if (!questionMark) {
        // "Order 42 has 3 parcels and Order 43 has many": a conjunct that opens with another subject of the
        // relationship but does not read is reported as not understood, never silently left out.
        const loose = looseConjunct(vocabulary, tokens, group.alternatives, group.to, clauseTo);
        if (loose !== undefined) {
          unplaced.push({ text: spanText(prompt, tokens, loose + 1, clauseTo), question: false });
          clauseTo = loose;
          while (clauseTo > group.to && tokens[clauseTo - 1].punctuation) clauseTo--;
        }
      }
      const clauseSetting: ClauseSetting = {
        ...setting,
        // "Ines is definitely insured, which plan is Bike 12 on?": the "?" asks only in its own clause
        // and in clauses that open like a question.
        questionMark: questionMark && ((index === groups.length - 1 && !trailingQuestion) || opensQuestion(tokens, clauseFrom, clauseTo)),
        clauseIndex: clauseFrom > bounds[index][0] ? index + 1 : index,
        ...(previousSubject ? { previousSubject } : {}),
      };
      const candidates = [
        ...group.alternatives,
        ...overlapping(occurrences, group).filter((occurrence) => occurrence.from >= clauseFrom && occurrence.to <= clauseTo),
      ];
      const readings = candidates.flatMap((occurrence) => readingsOf(clauseSetting, occurrence, clauseFrom, clauseTo));
      if (index === 0 && groups.length === 1 && templated) readings.push(templated);
      // "Is the *route* Green Slab in the Lead Wall North area?": a relationship named only by a
      // concept's noun that does not read leaves the clause to the "be" sentence of the map.
      // So does a how-question whose own words do not read when the "how" sentence finds that very
      // relationship ("How deep can you go at Wreck Alley?" for "maximum depth").
      if (readings.every((reading) => reading.failure)) {
        const plain = copulaReading(clauseSetting, clauseFrom, clauseTo);
        const asksHow = tokens[skipLeadIns(tokens, clauseFrom, clauseTo).index]?.text === 'how';
        const same =
          asksHow && plain !== undefined && candidates.some((occurrence) => occurrence.entry.relationship === plain.relationship);
        // "How much is the Standard *ticket*?": a noun naming the concept of the name beside it is that name's apposition.
        const named = vocabulary.instances.spot(tokens, clauseFrom, clauseTo).filter((mention) => mention.distance === 0);
        const besideItsName = (occurrence: Occurrence): boolean =>
          named.some(
            (name) =>
              (name.to === occurrence.from || name.from === occurrence.to) &&
              vocabulary.conceptWords.get(occurrence.form.words.join(' ')) === name.entry.concept,
          );
        if (plain && !plain.failure && (same || candidates.every((occurrence) => occurrence.form.fromConcept || besideItsName(occurrence))))
          readings.push(plain);
      }
      let chosen = best(readings);
      let clauseText = spanText(prompt, tokens, clauseFrom, clauseTo);
      // "…and is booked in for 4 nights": a clause with its subject left out may be the map's own form.
      if ((!chosen || chosen.failure) && !questionMark && previousSubject?.ok && AUXILIARIES.has(tokens[clauseFrom]?.text ?? '')) {
        let end = clauseFrom + 1;
        while (end < tokens.length && !CONJUNCTIONS.has(tokens[end].text)) end++;
        const formed = templateStatement(vocabulary, clauseSetting, tokens.slice(clauseFrom, end), previousSubject);
        if (formed) {
          chosen = formed;
          clauseTo = end;
          consumedTo = end;
          clauseText = spanText(prompt, tokens, clauseFrom, end);
        }
      }
      // "Job 7 took 3.5 hours on site", "How many casks does the Crown Inn get through each week?": an
      // amount said with a verb of its own and the relationship's words, when nothing else reads.
      // The whole conjunct around the clause is read so ("Crate 5 *took* 3 *hours* of packing" names
      // several relationships' words), and the groups inside it are then taken along.
      let measured: Reading[] = [];
      if (!chosen || chosen.failure) {
        const around = conjuncts(tokens, 0, tokens.length).find(([partFrom, partTo]) => partFrom <= group.from && group.from < partTo);
        const measuredFrom = Math.min(clauseFrom, around?.[0] ?? clauseFrom);
        const measuredTo = Math.max(clauseTo, around?.[1] ?? clauseTo);
        measured = measuredReadings(clauseSetting, measuredFrom, measuredTo);
        if (measured.length > 0) {
          chosen = measured[0];
          clauseTo = measuredTo;
          consumedTo = Math.max(consumedTo, measuredTo);
          clauseText = spanText(prompt, tokens, clauseFrom, measuredTo);
        }
      }
      if (chosen?.subject?.ok) previousSubject = chosen.subject;
      if (beClauseTo < boundTo) extras.push([beClauseTo + 1, boundTo, index + 1]);
      // The gapped clauses stand (after the first) only if the first clause is a statement of their relationship.
      const follows =
        gapped !== undefined &&
        !!chosen &&
        !chosen.failure &&
        chosen.kind === 'statement' &&
        chosen.relationship === gapped.occurrence.entry.relationship;
      const gaps = (gapped?.clauses ?? []).map((clause) => ({
        reading: clause.reading,
        text: spanText(prompt, tokens, clause.from, clause.to),
      }));
      if (!follows) for (const gap of gaps) unplaced.push({ text: gap.text, question: sentenceAsks });
      if (!chosen || chosen.failure) {
        // A statement that failed only on its values is reported as an invalid fact, not as unmatched text.
        if (chosen && chosen.kind === 'statement' && chosen.failure?.kind === 'map')
          statements.push({ reading: chosen, text: clauseText, ...(certainty !== undefined ? { certainty } : {}) });
        else unplaced.push({ text: clauseText, question: sentenceAsks, ...(chosen ? { attempt: chosen } : {}) });
        return;
      }
      const bySense = senseChoice(vocabulary, tokens.slice(clauseFrom, clauseTo), chosen);
      if (bySense) chosen = bySense.chosen;
      const modal = withoutUnsaidModals(
        tokens.slice(clauseFrom, clauseTo),
        chosen,
        bySense ? bySense.rivals : rivalsOf(chosen, readings),
        readings,
      );
      chosen = modal.chosen;
      const { rivals } = modal;
      const placed = {
        reading: chosen,
        text: clauseText,
        ...(certainty !== undefined ? { certainty } : {}),
        ...(rivals.length > 0 ? { rivals } : {}),
      };
      if (chosen.kind === 'query') queries.push(placed);
      else statements.push(placed);
      for (const more of measured.slice(1))
        statements.push({ reading: more, text: clauseText, ...(certainty !== undefined ? { certainty } : {}) });
      if (chosen.kind === 'query' && (glued.has(index) || glued.has(index + 1))) gluedQueries.push(placed);
      if (follows) for (const gap of gaps) statements.push({ ...gap, ...(certainty !== undefined ? { certainty } : {}) });
    });
    // "How many hours of labour does the Red Tourer need?": one question word and one "?" ask one
    // question, even when two relationships are named with nothing between them; the best reading stays.
    if (questionMark && gluedQueries.length > 1) {
      const kept = gluedQueries.reduce((top, placed) => (placed.reading.score > top.reading.score ? placed : top));
      const dropped = new Set(gluedQueries.filter((placed) => placed !== kept));
      const mine = queries.splice(queriesBefore).filter((placed) => !dropped.has(placed));
      queries.push(...mine.map((placed) => (placed === kept ? { ...placed, text } : placed)));
    }
    if (trailingQuestion) {
      const [questionFrom, questionTo] = trailingQuestion;
      const questionText = spanText(prompt, tokens, questionFrom, questionTo);
      noteNew();
      const reading = copulaReading({ ...setting, clauseIndex: 0 }, questionFrom, questionTo);
      if (reading && !reading.failure && reading.kind === 'query')
        queries.push({ reading, text: questionText, ...(certainty !== undefined ? { certainty } : {}) });
      else unplaced.push({ text: questionText, question: true, ...(reading ? { attempt: reading } : {}) });
    }
    for (const [extraFrom, extraTo, clauseIndex] of extras) {
      const extraText = spanText(prompt, tokens, extraFrom, extraTo);
      const copula = copulaReading({ ...setting, clauseIndex, ...(previousSubject ? { previousSubject } : {}) }, extraFrom, extraTo);
      // "Scout weighs 27.5 kg and is booked in for 4 nights": the map's own form, with the subject before.
      // "…and *he* is 19": a clause with its own subject pronoun, the form read whole (the pronoun is the subject before).
      const ownSubject = SUBJECT_PRONOUNS.has(tokens[extraFrom]?.text ?? '') && previousSubject?.ok;
      if (ownSubject) noteNew();
      const reading =
        (!copula || copula.failure) && previousSubject?.ok && !questionMark
          ? (templateStatement(vocabulary, { ...setting, clauseIndex }, tokens.slice(extraFrom, extraTo), previousSubject) ??
            (ownSubject ? templateStatement(vocabulary, { ...setting, clauseIndex }, tokens.slice(extraFrom, extraTo)) : undefined) ??
            copula)
          : copula;
      if (reading && !reading.failure)
        (reading.kind === 'query' ? queries : statements).push({
          reading,
          text: extraText,
          ...(certainty !== undefined ? { certainty } : {}),
        });
      else unplaced.push({ text: extraText, question: sentenceAsks, ...(reading ? { attempt: reading } : {}) });
    }
  }
  return { queries, statements, unplaced, mentionsMap, asksSomething, certainties };
}
