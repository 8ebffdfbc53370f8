/**
 * Wrong-reading probes: each value relationship's name said with its nouns swapped for same-sense
 * nouns, and with "cost"/"charge" verbs; a prompt the reader reads as ANOTHER relationship is a
 * wrong reading (asking which, 108, is fine). `wrong-readings-report.ts` prints them.
 */
import { interpret } from '../understand/interpret';
import { basesOf } from '../text/inflect';
import { nounSynonyms, periodOf, sensesOfNoun } from '../text/synonyms';
import { buildVocabulary } from '../vocabulary/build';
import { corpusMap } from './corpus';

export const DEV_MAPS = [
  'bakery',
  'benefits',
  'coworking',
  'depot',
  'festival',
  'harbour',
  'music-school',
  'sailing-club',
  'shelter',
  'stables',
  'travel',
  'triage',
  'vet-clinic',
  'workshop',
];

/** The name said with each of its words in turn replaced by a same-sense noun. */
function variants(words: readonly string[]): string[][] {
  const out: string[][] = [];
  words.forEach((word, index) => {
    for (const other of nounSynonyms(word)) out.push(words.map((each, at) => (at === index ? other : each)));
  });
  return out;
}

function probes(words: readonly string[], subject: string): string[] {
  const name = words.join(' ');
  const prompts = variants(words).flatMap((variant) => [
    `What is the ${variant.join(' ')} of ${subject}?`,
    `What is ${subject}'s ${variant.join(' ')}?`,
  ]);
  const others = words.filter((word) => nounSynonyms(word).length === 0 && !['per', 'of', 'a', 'an'].includes(word));
  // The verbs of the name nouns' senses: "How much does the Saddle cost to hire?" for "hire fee per hour".
  const verbs = new Set(words.flatMap((word) => sensesOfNoun(word).flatMap((sense) => sense.verbs)));
  for (const verb of verbs) {
    prompts.push(`How much does ${subject} ${verb}?`);
    if (others.length === 0) continue;
    const period = periodOf(others[0]);
    prompts.push(
      `How much does it ${verb} to ${others[0]} ${subject}?`,
      `How much does ${subject} ${verb} to ${others[0]}?`,
      `What does ${subject} ${verb} for ${others.join(' ')}?`,
      ...(period ? [`How much does ${subject} ${verb} a ${period}?`] : []),
    );
  }
  prompts.push(`What is the ${name} of ${subject}?`);
  return prompts;
}

/** Statements giving the value in the same mixed words: "The Saddle costs 40.", "The price of the Saddle is 40." */
function statementProbes(words: readonly string[], subject: string): string[] {
  const verbs = new Set(words.flatMap((word) => sensesOfNoun(word).flatMap((sense) => sense.verbs)));
  return [
    ...variants(words).map((variant) => `The ${variant.join(' ')} of ${subject} is 40.`),
    ...[...verbs].map((verb) => `${subject} ${verb}s 40.`),
    `The ${words.join(' ')} of ${subject} is 40.`,
  ];
}

interface WrongReading {
  readonly prompt: string;
  readonly meant: string;
  readonly read: string;
}

/** The probes of one dev map the reader reads as another relationship, and how many it asked about. */
export function wrongReadings(mapName: string): { readonly probes: number; readonly asked: number; readonly wrong: WrongReading[] } {
  const map = corpusMap(mapName);
  const vocabulary = buildVocabulary(map);
  const wrong: WrongReading[] = [];
  let total = 0;
  let asked = 0;
  for (const { relationship } of vocabulary.relationships) {
    if (!relationship.name.includes(' ') && map.concepts.get(relationship.object)?.type !== 'number') continue;
    const subject = map.instances.get(relationship.subject)?.keys().next().value;
    if (subject === undefined) continue;
    for (const prompt of new Set(probes(relationship.name.toLowerCase().split(/\s+/), String(subject)))) {
      total++;
      const got = interpret(prompt, vocabulary, { now: Date.UTC(2026, 4, 13, 10), referents: { lastSubject: new Map() } });
      // Another relationship whose own words are all said ("How much does Sourdough cost?" for "costs") is read right.
      const saidWords = prompt.toLowerCase().split(/\W+/);
      const saysOther = (name: string): boolean =>
        name.split(/\s+/).every((word) => [word, ...basesOf(word)].some((form) => saidWords.includes(form)));
      if (got.kind === 'query' && got.query.relationship !== relationship.name && !saysOther(got.query.relationship))
        wrong.push({ prompt, meant: relationship.name, read: got.query.relationship });
      else if (got.kind === 'error' && got.error.code === 108) asked++;
    }
    if (map.concepts.get(relationship.object)?.type !== 'number') continue;
    for (const prompt of new Set(statementProbes(relationship.name.toLowerCase().split(/\s+/), String(subject)))) {
      total++;
      const got = interpret(prompt, vocabulary, { now: Date.UTC(2026, 4, 13, 10), referents: { lastSubject: new Map() } });
      const saidWords = prompt.toLowerCase().split(/\W+/);
      // "Hall seats 40" for "seat count": a statement saying the other name's own verb is read right.
      const saysOther = (name: string): boolean =>
        name
          .split(/\s+/)
          .some((word) =>
            [word, ...basesOf(word)].some(
              (form) => form.length > 3 && sensesOfNoun(form).length === 0 && saidWords.some((said) => basesOf(said).includes(form)),
            ),
          );
      const other = got.kind === 'statements' ? got.facts.valid.find((fact) => fact.relationship !== relationship.name) : undefined;
      if (other && !saysOther(other.relationship)) wrong.push({ prompt, meant: relationship.name, read: other.relationship });
      else if (got.kind === 'error' && got.error.code === 108) asked++;
    }
  }
  return { probes: total, asked, wrong };
}
