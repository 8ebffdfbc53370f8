/** Surface forms of relationship names: every tense and question shape the reader recognises. */
import type { Relationship } from '../../engine';
import { basesOf, formsOf, looksLikeParticiple, surfaceForms, verbStart } from '../text/inflect';
import { words } from '../text/tokens';
import type { SurfaceForm } from './types';

const ARTICLES = new Set(['a', 'an', 'the']);
/** Prepositions that introduce the agent or the container in a passive: "covered *by*", "contained *in*". */
const PASSIVE_LINKS = ['by', 'in', 'on', 'at', 'within', 'under'];
/** Verbs of needing (general English), whose passive names what it is needed *for*. */
const NEEDING = new Set(['need', 'require', 'want']);
const DO_WORDS = new Set(['do', 'does', 'did']);
const HAVE_WORDS = new Set(['has', 'have', 'had']);
const BE_FORMS = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'being']);
const MODAL_WORDS = new Set(['can', 'could', 'will', 'would', 'should', 'may', 'might', 'must']);

/** Prepositions that may close a relationship name and be left out ("Where does Ada live?"). */
export const PREPOSITIONS = new Set([
  'in',
  'on',
  'at',
  'for',
  'to',
  'from',
  'with',
  'of',
  'by',
  'about',
  'as',
  'into',
  'onto',
  'under',
  'over',
  'between',
  'after',
  'before',
  'since',
  'during',
  'like',
  'within',
  'near',
  'behind',
  'beside',
  'around',
  'across',
  'through',
  'towards',
  'via',
  'against',
  'without',
]);

function plural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

function withoutTrailingPreposition(rest: readonly string[]): string[] | undefined {
  return rest.length > 1 && PREPOSITIONS.has(rest[rest.length - 1]) ? rest.slice(0, -1) : undefined;
}

/** Position of the verb in a name: the first word, or a later one after adverbs ("already receives"). */
function verbAt(name: readonly string[]): number {
  return name.findIndex((word, index) => index < 3 && verbStart(word).kind !== 'other');
}

/**
 * Whether a name with a verb-like word may also be a noun phrase: two words or more, no closing
 * preposition, and the verb-like word after a modifier ("rent costs") or a participle or gerund
 * used as an adjective ("paid amount", "waiting days").
 */
function looksLikeNounPhrase(name: readonly string[], at: number): boolean {
  if (name.length < 2 || PREPOSITIONS.has(name[name.length - 1]) || ARTICLES.has(name[1])) return false;
  // "lessons per term", "visits per week": a plural noun counted per a period or thing.
  if (name[at + 1] === 'per') return true;
  // "ride length", "repair cost": a bare verb form before a noun is a noun compound (a verb said of
  // the subject would be "rides", "repairs").
  if (at === 0 && formsOf(name[0]).base === name[0] && formsOf(name[0]).third !== name[0] && !PREPOSITIONS.has(name[1])) return true;
  return at > 0 || /(ed|ing)$/.test(name[0]) || looksLikeParticiple(name[0]) || (name.length === 2 && looksLikeParticiple(name[1]));
}

/**
 * The verb inside a two-word noun name with a participle ("amount claimed", "deposit paid"): said
 * of the subject ("Kai claimed £800", "How much did Oscar pay?") and, the other way round, with the
 * value first ("£800 is claimed for order 7", "£15 was paid by Oscar").
 */
function participleVerbForms(name: readonly string[]): SurfaceForm[] {
  const at = name.length === 2 ? name.findIndex((word) => /ed$/.test(word) || looksLikeParticiple(word)) : -1;
  if (at < 0 || verbStart(name[1 - at]).kind !== 'other') return [];
  const participle = name[at];
  const forms: SurfaceForm[] = surfaceForms(participle).map((verb) => ({ words: [verb], kind: 'full' as const }));
  for (const link of [...PASSIVE_LINKS, 'for']) forms.push({ words: [participle, link], kind: 'split', requiresAux: 'be', reversed: true });
  return forms;
}

/** Whether the name reads as a noun phrase rather than a verb phrase. */
const phraseWordsCache = new WeakMap<Relationship, readonly (readonly string[])[]>();

/** The words of a relationship's name, then of each question form (`%S` and `%O` left out), made once per relationship. */
export function phraseWordsOf(relationship: Relationship): readonly (readonly string[])[] {
  let found = phraseWordsCache.get(relationship);
  if (!found) {
    const forms = Object.values(relationship.questions).filter((form): form is string => typeof form === 'string');
    found = [words(relationship.name), ...forms.map((form) => words(form.replace(/%[SO]/g, ' ')))];
    phraseWordsCache.set(relationship, found);
  }
  return found;
}

export function isNounLike(name: string): boolean {
  return verbAt(words(name)) < 0;
}

/**
 * A passive named without its "be" ("placed by", "booked by"): a participle, particles, "by".
 * Read as the "be" passive it shortens, so its verb said actively ("Dana placed Order 3", "Which
 * orders has Dana placed?") is the other direction, never the relationship's subject doing it.
 */
function withoutBe(name: readonly string[]): boolean {
  if (name.length < 2 || name.length > 4 || name[name.length - 1] !== 'by' || !looksLikeParticiple(name[0])) return false;
  return verbStart(name[0]).kind === 'verb' && name.slice(1, -1).every((word) => PREPOSITIONS.has(word));
}

/**
 * Whether a question form says the name's verb with the subject doing it ("How did %S *travel*?",
 * "Does %S travel by %O?" for "travelled by"): then "<participle> by" is an active past, not a passive.
 */
function saidActively(relationship: Relationship, participle: string): boolean {
  const bases = new Set(basesOf(participle));
  return Object.values(relationship.questions).some((form) => {
    const said = words((form ?? '').replace(/%S/g, ' subjectslot '));
    const at = said.indexOf('subjectslot');
    if (at < 0 || said.some((word) => BE_FORMS.has(word))) return false;
    return said.slice(at + 1).some((word) => basesOf(word).some((base) => bases.has(base)));
  });
}

/** All surface forms of a relationship name, without duplicates. */
export function surfaceFormsOf(relationship: Relationship): SurfaceForm[] {
  const said = words(relationship.name);
  if (said.length === 0) return [];
  const forms: SurfaceForm[] = [];
  // "placed by" is "is placed by", still said as written ("Order 3 placed by Dana").
  const name = withoutBe(said) && !saidActively(relationship, said[0]) ? ['is', ...said] : said;
  if (name !== said) forms.push({ words: said, kind: 'full' });
  const start = verbStart(name[0]);
  const rest = name.slice(1);
  if (start.kind === 'aux' && rest.length > 0) {
    for (const aux of start.forms) forms.push({ words: [aux, ...rest], kind: 'full' });
    forms.push({ words: rest, kind: 'split', requiresAux: start.aux });
    const bare = withoutTrailingPreposition(rest);
    if (bare) forms.push({ words: bare, kind: 'bare', requiresAux: start.aux });
    // "has symptom" is the main verb "have" with a noun: "the symptom of INC-101" reads like a noun
    // relationship ("Does it have symptom X?" is covered by the full forms above).
    if (start.aux === 'have' && !looksLikeParticiple(rest[0]) && !ARTICLES.has(rest[0]) && !PREPOSITIONS.has(rest[rest.length - 1])) {
      forms.push({ words: rest, kind: 'noun' });
      forms.push({ words: [...rest.slice(0, -1), plural(rest[rest.length - 1])], kind: 'noun' });
    }
  } else if (start.kind === 'verb' || (start.kind === 'aux' && rest.length === 0) || verbAt(name) > 0) {
    // The verb may follow adverbs: "already receives" is also "already received".
    const at = Math.max(0, verbAt(name));
    const before = name.slice(0, at);
    const after = name.slice(at + 1);
    for (const verb of surfaceForms(name[at])) forms.push({ words: [...before, verb, ...after], kind: 'full' });
    const bare = withoutTrailingPreposition(after.length > 0 ? after : []);
    if (bare || (after.length === 1 && PREPOSITIONS.has(after[0]))) {
      for (const verb of surfaceForms(name[at])) forms.push({ words: [...before, verb, ...(bare ?? [])], kind: 'bare' });
    }
    // "rent costs", "paid amount", "waiting days", "users affected": a name whose verb-like
    // word is not a verb said of the subject also reads as a noun phrase ("Kai's rent costs").
    if (looksLikeNounPhrase(name, at)) {
      forms.push({ words: name, kind: 'noun' });
      forms.push({ words: [...name.slice(0, -1), plural(name[name.length - 1])], kind: 'noun' });
      forms.push(...participleVerbForms(name));
    }
  } else {
    forms.push({ words: name, kind: 'noun' });
    forms.push({ words: [...name.slice(0, -1), plural(name[name.length - 1])], kind: 'noun' });
    // Adjective-like names ("eligible for") are said with "be": "Ada is eligible for X".
    for (const aux of ['is', 'are', 'was', 'were', 'am', 'be']) forms.push({ words: [aux, ...name], kind: 'full' });
    forms.push({ words: name, kind: 'split', requiresAux: 'be' });
  }
  forms.push(...reversedForms(name));
  forms.push(...objectNounVerbForms(name, relationship.object));
  forms.push(...templateVerbForms(relationship));
  forms.push(...whenFormForms(relationship));
  const seen = new Set<string>();
  return forms.filter((form) => {
    const key = `${form.kind}|${form.requiresAux ?? ''}|${form.reversed ? 'r' : ''}|${form.words.join(' ')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The other direction of a transitive name: the active verb of a passive ("is coached by": "coach",
 * "coaches", "coached"; "is cared for by": "care for") and the passive of an active verb ("covers":
 * "covered by", "contains": "contained in", after "be").
 */
function reversedForms(name: readonly string[]): SurfaceForm[] {
  const forms: SurfaceForm[] = [];
  const start = verbStart(name[0]);
  const last = name.length - 1;
  if (
    start.kind === 'aux' &&
    start.aux === 'be' &&
    name.length >= 3 &&
    name.length <= 5 &&
    name[last] === 'by' &&
    looksLikeParticiple(name[1])
  ) {
    const particles = name.slice(2, last);
    if (!particles.every((word) => PREPOSITIONS.has(word))) return forms;
    for (const base of basesOf(name[1])) {
      const verb = formsOf(base);
      for (const form of new Set([verb.base, verb.third, verb.past, verb.gerund]))
        forms.push({ words: [form, ...particles], kind: 'full', reversed: true });
    }
  } else if (start.kind === 'verb' && name.length === 1) {
    for (const base of basesOf(name[0])) {
      const participle = formsOf(base).participle;
      // "Which tack is needed *for* Comet?": what a thing needs is needed for it.
      const links = NEEDING.has(base) ? [...PASSIVE_LINKS, 'for'] : PASSIVE_LINKS;
      for (const link of links) forms.push({ words: [participle, link], kind: 'split', requiresAux: 'be', reversed: true });
    }
  } else if (
    start.kind === 'aux' &&
    start.aux === 'modal' &&
    name[1] === 'be' &&
    name.length >= 4 &&
    name[last] === 'by' &&
    looksLikeParticiple(name[2]) &&
    name.slice(3, last).every((word) => PREPOSITIONS.has(word))
  ) {
    // "could be handled by": the agent "could handle" it ("Could Kemal handle the Linen Shirt?").
    for (const base of basesOf(name[2]))
      forms.push({ words: [base, ...name.slice(3, last)], kind: 'split', requiresAux: 'modal', reversed: true });
  } else if (start.kind === 'aux' && (start.aux === 'have' || start.aux === 'modal') && name.length === 2) {
    // "has booked", "can ring": the passive of the verb after the auxiliary, the other way round
    // ("Has Vault 13 been booked by Night Owls?", "Is Stedman Triples rung by Robin Hale?").
    const participle = start.aux === 'have' ? name[1] : formsOf(name[1]).participle;
    const isVerb = start.aux === 'have' ? looksLikeParticiple(name[1]) : verbStart(name[1]).kind === 'verb';
    if (isVerb)
      for (const link of PASSIVE_LINKS) forms.push({ words: [participle, link], kind: 'split', requiresAux: 'be', reversed: true });
  } else if (start.kind === 'aux' && start.aux === 'be' && name.length === 3 && name[2] === 'to' && looksLikeParticiple(name[1])) {
    // "is assigned to": the one it goes to "has been assigned" the thing ("Sam has been assigned the Red Van").
    forms.push({ words: [name[1]], kind: 'split', requiresAux: 'be', reversed: true });
  }
  return forms;
}

/**
 * A verb named with its object's concept ("serves table" to a table): the verb alone takes the value
 * ("Ana serves Table 4", "Does Ana serve Table 4?"), and so does its passive the other way round
 * ("Is Table 4 served by Ana?").
 */
function objectNounVerbForms(name: readonly string[], objectConcept: string): SurfaceForm[] {
  const concept = words(objectConcept);
  if (name.length < 2 || verbStart(name[0]).kind !== 'verb' || name.slice(1).join(' ') !== concept.join(' ')) return [];
  const forms: SurfaceForm[] = surfaceForms(name[0]).map((verb) => ({ words: [verb], kind: 'full' as const }));
  for (const base of basesOf(name[0])) {
    const participle = formsOf(base).participle;
    for (const link of PASSIVE_LINKS) forms.push({ words: [participle, link], kind: 'split', requiresAux: 'be', reversed: true });
  }
  return forms;
}

/**
 * "When was %S brewed?": the participle the author asks "when" with says the date in a statement,
 * after "be" and a preposition of time ("Red Rye was brewed on 14/09/2026"), so the date is never
 * read as the agent of another relationship sharing the verb ("brews").
 */
function whenFormForms(relationship: Relationship): SurfaceForm[] {
  const form = relationship.questions.secondFormObject?.replace(/[*_`]/g, ' ').replace(/%S/g, ' subjectslot ');
  const said = form ? words(form.split(',')[0]) : [];
  if (said[0] !== 'when' || !BE_FORMS.has(said[1] ?? '') || said[2] !== 'subjectslot') return [];
  const participle = said.slice(3).filter((word) => word !== 'being');
  if (participle.length !== 1 || !looksLikeParticiple(participle[0])) return [];
  return ['on', 'in'].map((link) => ({ words: [participle[0], link], kind: 'split' as const, requiresAux: 'be' as const }));
}

/**
 * Verb phrases the author used in question forms, as more ways to say the relationship: from
 * "Which symptoms does %S show?" the verb "show" ("INC-102 shows slow response"), from "Does %S
 * show the symptom %O?" the phrase "show the symptom". Only after "do/does/did", where the verb is
 * in its base form.
 */
function templateVerbForms(relationship: Relationship): SurfaceForm[] {
  const phrases: string[][] = [];
  const keep = (phrase: string[]): void => {
    while (phrase.length > 1 && ARTICLES.has(phrase[phrase.length - 1])) phrase.pop();
    // A lone "have", "be", "do" or "get" in any form ("done") says nothing about which relationship is meant.
    if (phrase.length === 1 && basesOf(phrase[0]).some((base) => ['have', 'be', 'do', 'get'].includes(base))) return;
    if (phrase.length > 0 && phrase.length <= 5 && !PREPOSITIONS.has(phrase[0]) && !ARTICLES.has(phrase[0])) phrases.push(phrase);
  };
  const read = (text: string | undefined, placeholder: 'end' | '%O'): void => {
    if (!text) return;
    const plain = text.replace(/[*_`]/g, ' ').split(',')[0];
    const at = plain.indexOf('%S');
    if (at < 0) return;
    const before = words(plain.slice(0, at));
    const aux = before[before.length - 1] ?? '';
    // After "do" the verb is in its base form, after "have" a participle, after a modal the base form.
    if (!DO_WORDS.has(aux) && !HAVE_WORDS.has(aux) && !MODAL_WORDS.has(aux)) return;
    const after = plain.slice(at + 2);
    const end = placeholder === '%O' ? after.indexOf('%O') : after.length;
    if (end < 0) return;
    keep(words(after.slice(0, end)));
  };
  read(relationship.questions.firstForm, '%O');
  read(relationship.questions.secondFormObject, 'end');
  // "Who has sent %O?", "Who owns %O?": the verb between the question word and the object.
  const subjectForm = relationship.questions.secondFormSubject?.replace(/[*_`]/g, ' ').split(',')[0];
  const objectAt = subjectForm?.indexOf('%O') ?? -1;
  if (subjectForm && objectAt > 0) {
    const before = words(subjectForm.slice(0, objectAt));
    if (before[0] === 'who') keep(before.slice(HAVE_WORDS.has(before[1] ?? '') || MODAL_WORDS.has(before[1] ?? '') ? 2 : 1));
  }
  const forms: SurfaceForm[] = [];
  for (const phrase of phrases) {
    if (BE_FORMS.has(phrase[0]) && phrase.length > 1) {
      // "Has %S been checked by %O?": a passive, said with any "be" ("Was Sea Wren checked by…") and
      // the other way round ("Who checked the Osprey?").
      const passive = ['is', ...phrase.slice(1)];
      for (const aux of BE_FORMS) forms.push({ words: [aux, ...phrase.slice(1)], kind: 'full' });
      forms.push({ words: phrase.slice(1), kind: 'split', requiresAux: 'be' });
      forms.push(...reversedForms(passive));
      continue;
    }
    for (const form of surfaceForms(phrase[0])) forms.push({ words: [form, ...phrase.slice(1)], kind: 'full' });
  }
  return forms;
}
