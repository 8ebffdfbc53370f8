/**
 * Wrong-reading probes from a map's own question forms said in other ways: another tense, a typo of
 * one of the form's words, a name noun in the plural or spelt the other way (British/American), a
 * hyphened word split, the form's adverb left out, a word of another relationship's name in place of one of its own, a "which
 * <noun>" relative clause, and a measured amount stated with its unit. A prompt read as ANOTHER
 * relationship (whose own words are not all said), or with another subject than the one named, is a
 * wrong reading; asking which (108) or not understanding is fine. `wrong-readings-report.ts` prints them.
 */
import type { KnowledgeMap, Relationship } from '../../engine';
import { interpret } from '../understand/interpret';
import { verbBases } from '../text/derive';
import { basesOf, formsOf, pluralOf } from '../text/inflect';
import { spellingVariants } from '../text/spelling-variants';
import { buildVocabulary } from '../vocabulary/build';
import { corpusMap } from './corpus';

interface WrongReading {
  readonly prompt: string;
  readonly meant: string;
  readonly read: string;
}

interface Probe {
  readonly prompt: string;
  readonly relationship: Relationship;
  /** The subject named, or undefined when the prompt asks for it (then `object` is named). */
  readonly subject: string | undefined;
  readonly object?: string | undefined;
  /** A word of another relationship's name said in place of one of this one's. */
  readonly mixed?: string | undefined;
}

const TENSE: Readonly<Record<string, string>> = {
  is: 'was',
  was: 'is',
  are: 'were',
  were: 'are',
  does: 'did',
  did: 'does',
  do: 'did',
  has: 'had',
  had: 'has',
};

const LITTLE_WORDS = new Set([
  'the',
  'a',
  'an',
  'of',
  'to',
  'for',
  'in',
  'on',
  'at',
  'by',
  'per',
  'and',
  'with',
  'is',
  'are',
  'has',
  'have',
]);

function firstInstance(map: KnowledgeMap, concept: string): string | undefined {
  const found = map.instances.get(concept)?.keys().next().value;
  return found === undefined ? undefined : String(found);
}

/** An object a form's %O may be filled with, by the object concept's type. */
function objectValue(map: KnowledgeMap, relationship: Relationship): string | undefined {
  const type = map.concepts.get(relationship.object)?.type;
  if (type === 'number') return '40';
  if (type === 'date') return '3 March';
  if (type === 'truth') return undefined;
  return firstInstance(map, relationship.object);
}

/** One letter pair swapped in the middle of the word ("medical" → "mediacl"). */
function typoOf(word: string): string {
  const at = Math.floor(word.length / 2);
  return `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`;
}

/** Each form word replaced in turn by `change` (when it gives another word). */
function eachWord(form: string, change: (word: string) => string | undefined): string[] {
  const parts = form.split(' ');
  return parts.flatMap((part, index) => {
    if (part.includes('%')) return [];
    const match = /^([A-Za-z-]+)(\W*)$/.exec(part);
    if (!match) return [];
    const changed = change(match[1].toLowerCase());
    if (changed === undefined || changed === match[1].toLowerCase()) return [];
    const cased = index === 0 ? changed.charAt(0).toUpperCase() + changed.slice(1) : changed;
    return [parts.map((each, at) => (at === index ? `${cased}${match[2]}` : each)).join(' ')];
  });
}

const ADVERBS = new Set(['last', 'next', 'first', 'usually', 'recently', 'ever', 'still', 'already', 'normally']);

const VERB_OPENERS = new Set(['is', 'are', 'was', 'were', 'has', 'have', 'had', 'may', 'can', 'must', 'will', 'does', 'do']);

/** The form said, and each paraphrase with the word of another name it says in place of its own, if any. */
function formParaphrases(form: string, own: readonly string[], others: readonly string[]): { said: string; mixed?: string }[] {
  const name = new Set(own);
  const head = own[own.length - 1] ?? '';
  // Only a noun name's head noun is put in the plural ("hull weights", never "musts" or "maximums").
  const nounName = !VERB_OPENERS.has(own[0] ?? '') && !/(ed|ing|s)$/.test(head) && head.length >= 4;
  const plain = [
    form,
    // Another tense of the form's first auxiliary only.
    ...eachWord(form, (word) => TENSE[word]).slice(0, 1),
    ...eachWord(form, (word) => (word.length >= 6 && !word.includes('-') ? typoOf(word) : undefined)),
    ...eachWord(form, (word) => (nounName && word === head ? pluralOf(word) : undefined)),
    ...eachWord(form, (word) => spellingVariants(word)[0]),
    ...eachWord(form, (word) => (word.includes('-') ? word.replace('-', ' ') : undefined)),
    // The form's adverb left out ("When did Samir have a dive medical?" for "…last have…").
    ...form
      .split(' ')
      .filter((word) => ADVERBS.has(word))
      .map((word) => form.replace(` ${word} `, ' ')),
  ].map((said) => ({ said }));
  // A word of another relationship's name in place of one of this one's: reading that other one is
  // reading what was said, so the probe remembers the word.
  const mixed = others.flatMap((other) =>
    eachWord(form, (word) => (name.has(word) && !LITTLE_WORDS.has(word) && word.length >= 4 ? other : undefined)).map((said) => ({
      said,
      mixed: other,
    })),
  );
  return [...plain, ...mixed];
}

function probesOf(map: KnowledgeMap, relationship: Relationship, otherWords: readonly string[]): Probe[] {
  const subject = firstInstance(map, relationship.subject);
  if (subject === undefined) return [];
  const object = objectValue(map, relationship);
  const own = relationship.name.toLowerCase().split(/\s+/);
  const others = otherWords.filter((word) => !own.includes(word));
  const forms = [relationship.questions.firstForm, relationship.questions.secondFormObject].filter(
    (form): form is string => form !== undefined && form.includes('%S') && (object !== undefined || !form.includes('%O')),
  );
  const prompts: { said: string; mixed?: string | undefined }[] = forms.flatMap((form) =>
    formParaphrases(form, own, others).map(({ said, mixed }) => ({ said: said.replace('%S', subject).replace('%O', object ?? ''), mixed })),
  );
  const type = map.concepts.get(relationship.object)?.type;
  const subjectNoun = relationship.subject;
  // "Which <subject noun> has <name> 40?", a relative clause: "the <noun> whose <name> is 40".
  if (type === 'number') {
    prompts.push(
      ...[
        `${subject}'s ${relationship.name} is 40 ${relationship.object}.`,
        `The ${relationship.name} of ${subject} is 40 ${relationship.object}.`,
        `Which ${subjectNoun} has a ${relationship.name} of 40?`,
      ].map((said) => ({ said })),
    );
  }
  // "the horse Comet": the subject said with its concept's noun before it.
  if (type !== 'truth') prompts.push({ said: `What is the ${relationship.name} of the ${subjectNoun} ${subject}?` });
  const seen = new Set<string>();
  return prompts
    .filter(({ said }) => !seen.has(said) && seen.add(said))
    .map(({ said, mixed }) => ({ prompt: said, relationship, subject, mixed }));
}

/**
 * Probes asking for the subject of a known object: the form "Who …%O?" said in other ways, as a
 * "which <noun>" question and a relative clause ("Who is the instructor that teaches …?"), and the
 * object's name in the plural ("Which horses are Cobs?").
 */
function subjectProbesOf(map: KnowledgeMap, relationship: Relationship, otherWords: readonly string[]): Probe[] {
  const object = map.concepts.get(relationship.object)?.type === 'string' ? firstInstance(map, relationship.object) : undefined;
  if (object === undefined) return [];
  const own = relationship.name.toLowerCase().split(/\s+/);
  const others = otherWords.filter((word) => !own.includes(word));
  const form = relationship.questions.secondFormSubject;
  const prompts: { said: string; mixed?: string | undefined }[] = [];
  if (form !== undefined && form.includes('%O') && !form.includes('%S')) {
    prompts.push(...formParaphrases(form, own, others).map(({ said, mixed }) => ({ said: said.replace('%O', object), mixed })));
    const rest = /^Who (.*)$/.exec(form)?.[1];
    if (rest !== undefined) {
      const said = rest.replace('%O', object);
      prompts.push(
        { said: `Which ${pluralOf(relationship.subject)} ${said}` },
        { said: `Who is the ${relationship.subject} that ${said}` },
      );
    }
  }
  // Only between two concepts: "Which members are Lens?" for "mentors" asks nothing.
  if (/^[A-Z][a-z]+$/.test(object) && !/s$/.test(object) && relationship.subject !== relationship.object)
    prompts.push({ said: `Which ${pluralOf(relationship.subject)} are ${pluralOf(object)}?` });
  const seen = new Set<string>();
  return prompts
    .filter(({ said }) => !seen.has(said) && seen.add(said))
    .map(({ said, mixed }) => ({ prompt: said, relationship, subject: undefined, object, mixed }));
}

/**
 * The fact said in the other voice: "Is Comet leased by Amara?" and "Comet is leased by Amara." for
 * "leases"; "Does Hugo teach Amara?" and "Hugo teaches Amara." for "is taught by".
 */
function voiceProbesOf(map: KnowledgeMap, relationship: Relationship): Probe[] {
  const subject = firstInstance(map, relationship.subject);
  const object = map.concepts.get(relationship.object)?.type === 'string' ? firstInstance(map, relationship.object) : undefined;
  if (subject === undefined || object === undefined) return [];
  const name = relationship.name.toLowerCase().split(/\s+/);
  const said: string[] = [];
  if (name.length === 1 && /[^s]s$/.test(name[0])) {
    const base = verbBases(name[0]).find((candidate) => formsOf(candidate).third === name[0]);
    if (base !== undefined) {
      const participle = formsOf(base).participle;
      said.push(`Is ${object} ${participle} by ${subject}?`, `${object} is ${participle} by ${subject}.`);
    }
  } else if (name.length === 3 && name[0] === 'is' && name[2] === 'by') {
    const base = verbBases(name[1]).find((candidate) => formsOf(candidate).participle === name[1]);
    if (base !== undefined) said.push(`Does ${object} ${base} ${subject}?`, `${object} ${formsOf(base).third} ${subject}.`);
  }
  return said.map((prompt) => ({ prompt, relationship, subject, object }));
}

/** A probe whose reading may be any of `fits` (none: it must be asked about or left unread). */
interface OpenProbe {
  readonly prompt: string;
  readonly fits: readonly string[];
}

const TIME_WORDS = new Set(['day', 'date', 'time', 'slot', 'session', 'week', 'month', 'season', 'year', 'hour', 'shift', 'term']);

const AGE_WORDS = new Set(['age', 'old', 'years', 'aged']);

/**
 * Map-wide probes: "What <nouns> go in <S>?" (the one relationship from S's concept to the noun's
 * concept or from the noun's concept to S's, or none when there are several) and "<S> is 40 years old." (a relationship of S's
 * concept said with age words or asked "How old is %S?", or none).
 */
function openProbesOf(map: KnowledgeMap, relationships: readonly Relationship[]): OpenProbe[] {
  const out: OpenProbe[] = [];
  const pairs = new Map<string, Relationship[]>();
  for (const relationship of relationships) {
    if (map.concepts.get(relationship.object)?.type !== 'string') continue;
    const key = `${relationship.subject}\u0000${relationship.object}`;
    pairs.set(key, [...(pairs.get(key) ?? []), relationship]);
  }
  for (const [key, linking] of pairs) {
    const [subjectConcept, objectConcept] = key.split('\u0000');
    const subject = firstInstance(map, subjectConcept);
    if (subject === undefined) continue;
    // The nouns' own relationship to S ("What sailors go in Wave Rider?": who has sailed it) reads what is said too.
    const back = relationships
      .filter((other) => other.subject === objectConcept && other.object === subjectConcept)
      .map((other) => other.name);
    const fits = linking.length === 1 ? [linking[0].name, ...back] : back.length === 1 ? back : [];
    out.push({ prompt: `What ${pluralOf(objectConcept)} go in ${subject}?`, fits });
  }
  // "When does Sam dive at Blue Hole?" for "May %S dive at %O?": no relationship giving a plain thing says when.
  for (const relationship of relationships) {
    const form = relationship.questions.firstForm;
    const subject = firstInstance(map, relationship.subject);
    const object = firstInstance(map, relationship.object);
    if (form === undefined || subject === undefined || object === undefined || map.concepts.get(relationship.object)?.type !== 'string')
      continue;
    if (relationship.object.split(' ').some((word) => TIME_WORDS.has(word)) || !/^(Does|Do|Is|Are|May|Can|Has) /.test(form)) continue;
    const question = `When ${form.charAt(0).toLowerCase()}${form.slice(1)}`.replace('%S', subject).replace('%O', object);
    // A date of the subject's ("When is Noor registered for…?": her registration date) answers it.
    const dates = relationships
      .filter((other) => other.subject === relationship.subject && map.concepts.get(other.object)?.type === 'date')
      .map((other) => other.name);
    out.push({ prompt: question, fits: dates });
  }
  for (const concept of new Set(relationships.map((relationship) => relationship.subject))) {
    const subject = firstInstance(map, concept);
    if (subject === undefined) continue;
    const fits = relationships
      .filter((relationship) => relationship.subject === concept && map.concepts.get(relationship.object)?.type === 'number')
      .filter(
        (relationship) =>
          [...relationship.name.toLowerCase().split(/\s+/), ...relationship.object.toLowerCase().split(/\s+/)].some((word) =>
            AGE_WORDS.has(word),
          ) || /^how old\b/i.test(relationship.questions.secondFormObject ?? ''),
      )
      .map((relationship) => relationship.name);
    out.push({ prompt: `${subject} is 40 years old.`, fits });
  }
  return out;
}

function nameWords(relationship: Relationship): string[] {
  return relationship.name
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length >= 4 && !LITTLE_WORDS.has(word));
}

/** The form-paraphrase probes of one dev map that the reader reads wrongly, and how many it asked about. */
export function formWrongReadings(mapName: string): FoundWrong {
  return formWrongReadingsOf(corpusMap(mapName));
}

interface FoundWrong {
  readonly probes: number;
  readonly asked: number;
  readonly wrong: WrongReading[];
}

/** The same for any loaded map (the blind sets' maps once they are no longer blind). */
function formWrongReadingsOf(map: KnowledgeMap): FoundWrong {
  const vocabulary = buildVocabulary(map);
  const relationships = vocabulary.relationships.map((entry) => entry.relationship);
  // A few other relationships' words per relationship keeps the probe count small.
  const wrong: WrongReading[] = [];
  let total = 0;
  let asked = 0;
  relationships.forEach((relationship, index) => {
    const neighbours = [relationships[(index + 1) % relationships.length], relationships[(index + 2) % relationships.length]];
    const otherWords = [...new Set(neighbours.filter((other) => other !== relationship).flatMap(nameWords))];
    for (const { prompt, subject, object, mixed } of [
      ...probesOf(map, relationship, otherWords),
      ...subjectProbesOf(map, relationship, otherWords),
      ...voiceProbesOf(map, relationship),
    ]) {
      total++;
      const got = interpret(prompt, vocabulary, { now: Date.UTC(2026, 4, 13, 10), referents: { lastSubject: new Map() } });
      const saidWords = prompt.toLowerCase().split(/[^a-z0-9-]+/);
      const says = (name: string): boolean =>
        (mixed !== undefined && name.toLowerCase().split(/\s+/).includes(mixed)) ||
        name
          .toLowerCase()
          .split(/\s+/)
          .filter((word) => !LITTLE_WORDS.has(word))
          .every((word) =>
            [word, ...basesOf(word)].some((form) => saidWords.some((said) => said === form || basesOf(said).includes(form))),
          );
      if (got.kind === 'query') {
        const read = got.query.relationship;
        if (read !== relationship.name && !says(read)) wrong.push({ prompt, meant: relationship.name, read });
        else if (read === relationship.name && got.query.subject !== undefined && got.query.subject !== subject)
          wrong.push({ prompt, meant: `${relationship.name} of ${subject ?? '?'}`, read: `${read} of ${got.query.subject}` });
        else if (read === relationship.name && object !== undefined && got.query.object !== undefined && got.query.object !== object)
          wrong.push({ prompt, meant: `${relationship.name} ${object}`, read: `${read} ${String(got.query.object)}` });
      } else if (got.kind === 'statements') {
        for (const fact of got.facts.valid) {
          if (fact.relationship !== relationship.name && !says(fact.relationship))
            wrong.push({ prompt, meant: relationship.name, read: fact.relationship });
          else if (fact.relationship === relationship.name && fact.subject !== subject)
            wrong.push({ prompt, meant: `${relationship.name} of ${subject ?? '?'}`, read: `${fact.relationship} of ${fact.subject}` });
          else if (fact.relationship === relationship.name && object !== undefined && fact.object !== object)
            wrong.push({ prompt, meant: `${relationship.name} ${object}`, read: `${fact.relationship} ${String(fact.object)}` });
        }
      } else if (got.kind === 'error' && got.error.code === 108) asked++;
    }
  });
  for (const { prompt, fits } of openProbesOf(map, relationships)) {
    total++;
    const got = interpret(prompt, vocabulary, { now: Date.UTC(2026, 4, 13, 10), referents: { lastSubject: new Map() } });
    const meant = fits.length > 0 ? fits.join(' or ') : 'none (ask or leave unread)';
    if (got.kind === 'query' && !fits.includes(got.query.relationship)) wrong.push({ prompt, meant, read: got.query.relationship });
    else if (got.kind === 'statements')
      for (const fact of got.facts.valid) if (!fits.includes(fact.relationship)) wrong.push({ prompt, meant, read: fact.relationship });
    if (got.kind === 'error' && got.error.code === 108) asked++;
  }
  return { probes: total, asked, wrong };
}
