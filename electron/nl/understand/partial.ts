/**
 * A prompt understood only in part: a query or statements were read, but some clause was not
 * ("Scout weighs 27.5 kg and is booked in for 4 nights" when the second clause does not read).
 * Recording half of what was said, or answering half of what was asked, would leave the user
 * believing the rest was taken in; so nothing is injected and the reply (error 109) says what was
 * understood, quotes what was not, and offers quick replies: the understood part on its own, in
 * words the reader reads back exactly, and statements or questions about the map's relationships
 * that share words with the unread text.
 */
import type { FactInput, InputValue } from '../../common/decision-api';
import type { Relationship } from '../../engine';
import { humanDate } from '../text/dates';
import { parseNumber } from '../text/numbers';
import { AUXILIARIES, basesOf } from '../text/inflect';
import { tokenize, words as wordsOf, type Token } from '../text/tokens';
import { PREPOSITIONS } from '../vocabulary/relationship-forms';
import type { Vocabulary } from '../vocabulary/types';
import { NL_ERROR_CODES, type UnderstandingError } from './errors';
import { CONJUNCTIONS, FIRST_PERSON, THIRD_PERSON, WH_WORDS } from './lexicon';
import { questionFor, statementFor, suggestQuestions } from './suggestions';
import type { InvalidFact, NLQuery } from './types';

/** What was understood of a prompt that was not understood whole. */
interface PartialReading {
  readonly facts: readonly FactInput[];
  readonly query?: NLQuery | undefined;
  /** Further questions read in the same prompt (only one is asked at a time). */
  readonly otherQueries: readonly NLQuery[];
  /** Objects the query could not take ("…Housing Support or Child Allowance?"): one question each. */
  readonly extraObjects: readonly string[];
  /** The text that was not read. */
  readonly unread: readonly string[];
  /** Facts read but refused by the map ("'deposit paid' needs a number, not 'on it'"): not understood either. */
  readonly refused?: readonly InvalidFact[] | undefined;
}

const QUICK_REPLIES = 4;
const FUNCTION_WORDS = new Set([
  'a',
  'an',
  'the',
  'this',
  'that',
  'these',
  'those',
  'now',
  'also',
  'too',
  'just',
  'very',
  'not',
  'no',
  'yes',
  'so',
  'been',
  'being',
  'be',
  'per',
  'each',
  'every',
]);

function relationshipOf(vocabulary: Vocabulary, name: string): Relationship | undefined {
  return vocabulary.map.relationships.get(name);
}

function said(value: InputValue | undefined): string {
  if (value === undefined) return '';
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? humanDate(value) : String(value);
}

function describeFact(fact: FactInput): string {
  return `${fact.subject} ${fact.relationship} ${said(fact.object)}`;
}

function describeQuery(query: NLQuery): string {
  const parts = [query.subject, query.relationship, query.object !== undefined ? said(query.object) : undefined];
  return `the question ${parts.filter((part) => part !== undefined).join(' ')}`;
}

/** The understood part, said so that the reader reads it back as exactly that. */
function understoodPrompt(vocabulary: Vocabulary, partial: PartialReading): string | undefined {
  const sentences: string[] = [];
  for (const fact of partial.facts) {
    const relationship = relationshipOf(vocabulary, fact.relationship);
    const statement = relationship ? statementFor(relationship, fact.subject, fact.object, fact.certainty ?? 100) : undefined;
    if (statement === undefined) return undefined;
    sentences.push(`${statement}.`);
  }
  if (partial.query) {
    const relationship = relationshipOf(vocabulary, partial.query.relationship);
    // A truth relationship is asked yes or no ("Grace gets lounge access?").
    const truth = relationship !== undefined && vocabulary.map.concepts.get(relationship.object)?.type === 'truth';
    const object = partial.query.object ?? (truth && partial.query.subject !== undefined ? true : undefined);
    const question = relationship ? questionFor(relationship, partial.query.subject, object) : undefined;
    if (question === undefined) return undefined;
    sentences.push(question);
  }
  return sentences.length > 0 ? sentences.join(' ') : undefined;
}

/** The content words of a text, with their possible base forms. */
function contentBases(tokens: readonly Token[], skip: (index: number) => boolean): Set<string> {
  const out = new Set<string>();
  tokens.forEach((token, index) => {
    const text = token.text;
    if (token.punctuation || skip(index) || /\d/.test(text)) return;
    if (FUNCTION_WORDS.has(text) || AUXILIARIES.has(text) || PREPOSITIONS.has(text) || CONJUNCTIONS.has(text)) return;
    if (WH_WORDS.has(text) || FIRST_PERSON.has(text) || THIRD_PERSON.has(text)) return;
    for (const base of basesOf(text)) out.add(base);
  });
  return out;
}

/** The words a relationship is said with: its name, its question forms and its object concept. */
function relationshipBases(relationship: Relationship): Set<string> {
  const text = [
    relationship.name,
    relationship.object,
    ...Object.values(relationship.questions).filter((form): form is string => typeof form === 'string'),
  ]
    .join(' ')
    .replace(/%[SO]/g, ' ');
  const out = new Set<string>();
  for (const word of wordsOf(text)) for (const base of basesOf(word)) out.add(base);
  return out;
}

/**
 * Quick replies for the unread text: for each relationship sharing a word with it (most shared
 * first), a statement with the number the text gives when the relationship takes one, else a
 * question; the subject is a known name in the text, or the subject the understood part was about.
 */
function rephrasings(vocabulary: Vocabulary, unread: string, partial: PartialReading): string[] {
  const tokens = tokenize(unread);
  const names = vocabulary.instances.spot(tokens, 0, tokens.length).filter((mention) => mention.distance === 0);
  const inName = (index: number): boolean => names.some((name) => name.from <= index && index < name.to);
  const said = contentBases(tokens, inName);
  if (said.size === 0) return [];
  const known = [...partial.facts.map((fact) => fact.subject), ...(partial.query?.subject !== undefined ? [partial.query.subject] : [])];
  const numbers = tokens.flatMap((token) => {
    const value = parseNumber([token]);
    return value === undefined ? [] : [value];
  });
  const scored = vocabulary.relationships
    .map(({ relationship }) => {
      const bases = relationshipBases(relationship);
      return { relationship, shared: [...said].filter((word) => bases.has(word)).length };
    })
    .filter((entry) => entry.shared > 0)
    .sort((a, b) => b.shared - a.shared);
  const out: string[] = [];
  for (const { relationship } of scored) {
    const ofConcept = (name: string): boolean => vocabulary.map.instances.get(relationship.subject)?.has(name) === true;
    const subject = names.find((mention) => mention.entry.concept === relationship.subject)?.entry.name ?? known.find(ofConcept);
    if (subject === undefined) continue;
    const numeric = vocabulary.map.concepts.get(relationship.object)?.type === 'number';
    const reply = numeric && numbers.length === 1 ? statementFor(relationship, subject, numbers[0]) : questionFor(relationship, subject);
    if (reply !== undefined) out.push(reply);
  }
  return out;
}

/** The reply to a prompt understood in part (error 109): nothing recorded, what was and was not understood. */
export function partlyUnderstood(vocabulary: Vocabulary, prompt: string, partial: PartialReading): UnderstandingError {
  const understood = [...partial.facts.map(describeFact), ...(partial.query ? [describeQuery(partial.query)] : [])];
  const quoted = partial.unread.map((text) => `'${text}'`).join(', ');
  const refused = (partial.refused ?? []).map((fact) => fact.reason);
  const several = partial.otherQueries.length > 0 || partial.extraObjects.length > 0;
  const lead = `I understood ${understood.join(' and ')}`;
  const notRead = [...(quoted.length > 0 ? [`not ${quoted}`] : []), ...refused].join(', and ');
  const sentence = several
    ? `${lead}, but I can answer one question at a time${partial.unread.length > 0 ? ` (not yet ${quoted})` : ''}. Which first?`
    : `${lead}, but ${notRead}, so I haven't recorded anything yet. Did you mean one of these?`;
  const replies = new Set<string>();
  const add = (reply: string | undefined): void => {
    if (reply !== undefined && replies.size < QUICK_REPLIES) replies.add(reply);
  };
  add(understoodPrompt(vocabulary, partial));
  const query = partial.query;
  const queried = query ? relationshipOf(vocabulary, query.relationship) : undefined;
  if (query && queried) for (const object of partial.extraObjects) add(questionFor(queried, query.subject, object));
  for (const other of partial.otherQueries) {
    const relationship = relationshipOf(vocabulary, other.relationship);
    if (relationship) add(questionFor(relationship, other.subject, other.object));
  }
  for (const text of partial.unread) for (const reply of rephrasings(vocabulary, text, partial)) add(reply);
  for (const fact of partial.refused ?? []) {
    const relationship = relationshipOf(vocabulary, fact.relationship);
    const known = relationship !== undefined && vocabulary.map.instances.get(relationship.subject)?.has(fact.subject) === true;
    if (relationship) add(questionFor(relationship, known ? fact.subject : undefined));
  }
  const tried = [...partial.facts.map((fact) => fact.relationship), ...(query ? [query.relationship] : [])].flatMap((name) => {
    const relationship = relationshipOf(vocabulary, name);
    return relationship ? [relationship] : [];
  });
  for (const reply of suggestQuestions(vocabulary, tokenize(prompt), tried, QUICK_REPLIES)) add(reply);
  return {
    code: NL_ERROR_CODES.partlyUnderstood,
    message: `Only part of the prompt was understood (${understood.join('; ')})${
      partial.unread.length > 0 ? `; not read: ${partial.unread.join(' | ')}` : refused.length > 0 ? '' : '; it asks more than one question'
    }${refused.length > 0 ? `; refused: ${refused.join(' | ')}` : ''}`,
    suggestedChatResponse: sentence,
    quickReplies: [...replies],
  };
}
