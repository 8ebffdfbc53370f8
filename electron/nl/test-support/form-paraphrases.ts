/**
 * Wrong-reading probes from a map's own question forms said in other ways: another tense, a typo of
 * one of the form's words, a name noun in the plural or spelt the other way (British/American), a
 * hyphened word split, a word of another relationship's name in place of one of its own, a "which
 * <noun>" relative clause, and a measured amount stated with its unit. A prompt read as ANOTHER
 * relationship (whose own words are not all said), or with another subject than the one named, is a
 * wrong reading; asking which (108) or not understanding is fine. `wrong-readings-report.ts` prints them.
 */
import type { KnowledgeMap, Relationship } from '../../engine';
import { interpret } from '../understand/interpret';
import { basesOf, pluralOf } from '../text/inflect';
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
  if (/^[A-Z][a-z]+$/.test(object) && !/s$/.test(object))
    prompts.push({ said: `Which ${pluralOf(relationship.subject)} are ${pluralOf(object)}?` });
  const seen = new Set<string>();
  return prompts
    .filter(({ said }) => !seen.has(said) && seen.add(said))
    .map(({ said, mixed }) => ({ prompt: said, relationship, subject: undefined, object, mixed }));
}

function nameWords(relationship: Relationship): string[] {
  return relationship.name
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length >= 4 && !LITTLE_WORDS.has(word));
}

/** The form-paraphrase probes of one dev map that the reader reads wrongly, and how many it asked about. */
export function formWrongReadings(mapName: string): { readonly probes: number; readonly asked: number; readonly wrong: WrongReading[] } {
  const map = corpusMap(mapName);
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
        }
      } else if (got.kind === 'error' && got.error.code === 108) asked++;
    }
  });
  return { probes: total, asked, wrong };
}
