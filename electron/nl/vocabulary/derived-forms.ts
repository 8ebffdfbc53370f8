/**
 * Ways of saying a relationship that its map does not spell out, derived from its name by English
 * word formation and a general synonym lexicon: "the cost of X" for "costs", "How much does X cost?"
 * for "total price", "per month" for "monthly fee", "the planting season" for "is planted in",
 * "How many trays does X have?" for "number of trays", "Who provides X?" for "is supplied by".
 * Every form is `derived`: the reader uses it only where the map's own words do not occur, or at
 * the same place as one of them (so "Order 41 costs £86" can be a "total price" when "costs" is
 * another concept's), and a relationship's own forms outweigh it.
 */
import type { KnowledgeMap, Relationship } from '../../engine';
import { actionNouns, agentNouns, singularsOf, verbBases, verbsOfNoun, verbsSpelledLike } from '../text/derive';
import { formsOf, looksLikeParticiple, pluralOf, surfaceForms, verbStart } from '../text/inflect';
import {
  converseVerbs,
  COUNT_NOUNS,
  GENERIC_HEADS,
  LENGTH_NOUNS,
  LENGTH_WORDS,
  PLACE_NOUNS,
  nounSynonyms,
  PER_WORDS,
  periodOf,
  PERIODS,
  sensesOfNoun,
  sensesOfVerb,
  verbSynonyms,
} from '../text/synonyms';
import { isPersonNoun, wordnetSynonyms } from '../text/wordnet';
import { words } from '../text/tokens';
import { isNounLike, PREPOSITIONS, surfaceFormsOf } from './relationship-forms';
import type { SurfaceForm } from './types';

type Derivation = NonNullable<SurfaceForm['derived']>;

function plural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** Singular and plural of the last word of a phrase. */
function numbered(phrase: readonly string[]): string[][] {
  const last = phrase[phrase.length - 1];
  return [[...phrase], [...phrase.slice(0, -1), plural(last)]];
}

/** `word` in the same inflection as it has, made from another verb ("supplied", "provide" → "provided"). */
function sameInflection(word: string, base: string): string | undefined {
  for (const own of verbBases(word)) {
    const forms = formsOf(own);
    const other = formsOf(base);
    for (const key of ['gerund', 'third', 'participle', 'past', 'base'] as const) if (forms[key] === word) return other[key];
  }
  return undefined;
}

/** Period adjectives with the same period ("annual", "yearly"). */
function periodSynonyms(adjective: string): string[] {
  return (PERIODS.find((period) => period.adjectives.includes(adjective))?.adjectives ?? []).filter((other) => other !== adjective);
}

/** Words that may stand for `word` in a name: its noun, period and verb synonyms (verbs in the same inflection). */
function alternativesOf(word: string): string[] {
  const others = [...nounSynonyms(word), ...periodSynonyms(word)];
  for (const base of verbBases(word)) {
    for (const other of new Set([...verbSynonyms(base), ...wordnetSynonyms(base)])) {
      const inflected = sameInflection(word, other);
      if (inflected) others.push(inflected);
    }
  }
  return [...new Set(others)];
}

/** At most this many renames per relationship (every combination of a few synonyms per word). */
const RENAME_LIMIT = 64;

/**
 * The name with its words replaced by synonyms: "total charge" → "total price", "is supplied by" →
 * "is provided by", "annual turnover" → "yearly takings". Each rename is read like a name.
 */
function synonymNames(name: readonly string[]): string[][] {
  let names: string[][] = [[]];
  for (const word of name) {
    const choices = [word, ...alternativesOf(word)];
    names = names.flatMap((start) => choices.map((choice) => [...start, choice])).slice(0, RENAME_LIMIT);
  }
  return names.filter((renamed) => renamed.some((word, index) => word !== name[index]));
}

/** Verbs said of the subject for the senses of a noun ("price" → "cost": "X costs £5", "spend" → "spend"). */
function senseVerbs(noun: string): string[] {
  return [...new Set(sensesOfNoun(noun).flatMap((sense) => sense.verbs))];
}

/** A noun of what something costs ("fee", "price"). */
function isCostNoun(word: string): boolean {
  return sensesOfNoun(word).some((sense) => sense.verbs.includes('cost'));
}

/** Forms of a name with a period adjective ("weekly fee"): "fee per week", "costs £30 a week", "How much is X per week?". */
function periodForms(name: readonly string[], push: (form: SurfaceForm) => void): void {
  let at = name.findIndex((word) => periodOf(word) !== undefined);
  // "term fee", "delivery charge": a cost noun after another noun is a cost per that thing ("fee per term").
  const perUnit = at < 0 && name.length === 2 && isCostNoun(name[1]) && !isCostNoun(name[0]);
  if (perUnit) at = 0;
  if (at < 0 || name.length < 2) return;
  const period = perUnit ? name[0] : (periodOf(name[at]) as string);
  const rest = [...name.slice(0, at), ...name.slice(at + 1)];
  const adjectives = perUnit ? [] : [name[at], ...periodSynonyms(name[at])];
  const phrases = PER_WORDS.map((per) => [per, period]);
  const heads = rest.length > 0 ? [rest, ...nounSynonyms(rest[rest.length - 1]).map((other) => [...rest.slice(0, -1), other])] : [];
  for (const head of heads)
    for (const phrase of phrases)
      for (const noun of numbered(head)) push({ words: [...noun, ...phrase], kind: 'noun', derived: 'morphology' });
  // "*Tickets* for Star Party have gone up to £17.50" for "ticket price": the things paid for stand for
  // their cost (plural only: a singular "per term" counts how, "11 lessons per term").
  if (perUnit) push({ words: [pluralOf(name[0])], kind: 'noun', derived: 'morphology' });
  // "How much is the Pro plan per month?": the period alone, after the subject.
  for (const phrase of [...phrases, ...adjectives.map((adjective) => [adjective])])
    push({ words: phrase, kind: 'noun', derived: 'morphology', trailing: true });
  // "What does X cost a month?", "Kai spends £30 each week"; "weekly practice hours": "Ayo practises
  // 6 hours a week" (the noun before a unit of time said as its verb).
  const verbs = new Set(rest.flatMap((word) => senseVerbs(word)));
  if (!perUnit && rest.length === 2 && LENGTH_WORDS.has(rest[1])) for (const verb of verbsSpelledLike(rest[0])) verbs.add(verb);
  for (const verb of verbs) {
    for (const form of surfaceForms(verb)) {
      // "Kai spends £30 a month": the period follows the value, which reads it as a number.
      push({ words: [form], kind: 'full', derived: 'synonym' });
      for (const phrase of phrases) push({ words: [form, ...phrase], kind: 'full', derived: 'synonym' });
      for (const adjective of adjectives) push({ words: [form, adjective], kind: 'full', derived: 'synonym' });
    }
  }
}

/** "Who owns Biscuit?" for "belongs to": a converse verb, read with subject and object swapped. */
function converseForms(name: readonly string[], push: (form: SurfaceForm) => void): void {
  for (const [verb, ...rest] of converseVerbs(name)) {
    const forms = formsOf(verb);
    for (const form of new Set([forms.base, forms.third, forms.past, forms.gerund]))
      push({ words: [form, ...rest], kind: 'full', reversed: true, derived: 'synonym' });
    // "Batch 7's *owner*", "the *owner* of Batch 7" for "belongs to": who does the converse verb is the object.
    if (rest.length === 0) for (const agent of agentNouns(verb)) push({ words: [agent], kind: 'noun', derived: 'synonym' });
  }
}

/** "Rosa's *experience*" for "years of experience": the noun a "<unit> of <noun>" name counts. */
function countedNounForms(name: readonly string[], push: (form: SurfaceForm) => void): void {
  if (name.length === 3 && name[1] === 'of' && !PREPOSITIONS.has(name[2])) push({ words: [name[2]], kind: 'noun', derived: 'morphology' });
}

/**
 * The unit of a "per" name, and when it is a kind of person ("per person", "per player"; WordNet's
 * noun.person) also "person" and "head" (WordNet: head, "an individual person; tickets are $5 per
 * head").
 */
function personUnits(unit: string): string[] {
  return isPersonNoun(unit) ? [...new Set([unit, 'person', 'head'])] : [unit];
}

/**
 * A name that says its unit with "per" ("hire fee per day", "visits per week"): the head alone
 * ("Rotavator hire fee?"), the unit said "a/each/every day", the period's adjective ("daily hire
 * fee"), the unit alone after the subject ("How much is the Hedge Trimmer per day?") and, for a
 * cost, its verb ("What does the Rotavator cost a day?").
 */
function perUnitForms(name: readonly string[], push: (form: SurfaceForm) => void): void {
  const at = name.indexOf('per');
  if (at < 1 || at !== name.length - 2) return;
  const head = name.slice(0, at);
  const unit = name[at + 1];
  const phrases = personUnits(unit).flatMap((said) => PER_WORDS.map((per) => [per, said]));
  const adjectives = PERIODS.find((period) => period.noun === unit)?.adjectives ?? [];
  for (const noun of numbered(head)) {
    push({ words: noun, kind: 'noun', derived: 'morphology' });
    for (const phrase of phrases) push({ words: [...noun, ...phrase], kind: 'noun', derived: 'morphology' });
    for (const adjective of adjectives) push({ words: [adjective, ...noun], kind: 'noun', derived: 'morphology' });
  }
  for (const phrase of [...phrases, ...adjectives.map((adjective) => [adjective])])
    push({ words: phrase, kind: 'noun', derived: 'morphology', trailing: true });
  for (const verb of new Set(head.flatMap((word) => senseVerbs(word))))
    for (const form of surfaceForms(verb))
      for (const phrase of phrases) push({ words: [form, ...phrase], kind: 'full', derived: 'synonym' });
}

/** "number of trays", "tray count": the counted noun ("How many trays does X have?", "X has 6 trays", "the tray count"). */
function countForms(name: readonly string[], push: (form: SurfaceForm) => void): void {
  let counted: string | undefined;
  if (name.length === 3 && COUNT_NOUNS.has(name[0]) && name[1] === 'of') counted = name[2];
  else if (name.length === 2 && COUNT_NOUNS.has(name[1])) counted = name[0];
  if (!counted) return;
  const singulars = singularsOf(counted);
  const plurals = [...new Set([counted, ...singulars.map(plural)])];
  for (const noun of plurals) push({ words: [noun], kind: 'noun', derived: 'morphology' });
  for (const count of COUNT_NOUNS) {
    for (const noun of plurals) push({ words: [count, 'of', noun], kind: 'noun', derived: 'morphology' });
    for (const noun of singulars) push({ words: [noun, count], kind: 'noun', derived: 'morphology' });
  }
}

/** "lesson length": the thing whose length it is ("How long is X's lesson?", "How long are X's lessons?"). */
function lengthForms(name: readonly string[], push: (form: SurfaceForm) => void): void {
  if (name.length < 2 || !LENGTH_NOUNS.has(name[name.length - 1])) return;
  for (const noun of numbered(name.slice(0, -1))) push({ words: noun, kind: 'noun', derived: 'morphology' });
}

/** The main verb of a verb name (base forms) and whether it is a passive with "by" ("is supplied by"). */
function mainVerb(name: readonly string[]): { bases: string[]; agentive: boolean } | undefined {
  if (isNounLike(name.join(' '))) return undefined;
  const start = verbStart(name[0]);
  if (start.kind === 'aux') {
    if (start.aux !== 'be' || name.length < 2) return undefined;
    return { bases: verbBases(name[1]), agentive: name[name.length - 1] === 'by' };
  }
  if (start.kind !== 'verb') return undefined;
  return { bases: verbBases(name[0]), agentive: false };
}

/**
 * Nouns of a verb name: "the *baking day*" and "the *shipping method*" (the action's noun before a
 * generic head or the object concept's name), "the *supplier*" (who does it, for a "by" passive),
 * and for amounts the nouns of the verb's sense: "the *cost*" or "the *price*" of "costs".
 */
function verbNounForms(
  name: readonly string[],
  objectConcept: readonly string[],
  amount: boolean,
  dated: boolean,
  push: (form: SurfaceForm) => void,
): void {
  const verb = mainVerb(name);
  if (!verb) return;
  // "the *delivery date*" of "is delivered by" (a courier) asks a date it does not hold; a time head
  // fits only a date value or a concept named by it ("baking *day*" of a weekday).
  const fits = (head: string): boolean => !TIME_HEADS.has(head) || dated || objectConcept.some((word) => word.endsWith(head));
  const heads = [...GENERIC_HEADS.filter(fits).map((head) => [head]), objectConcept, objectConcept.slice(-1)].filter(
    (head) => head.length > 0,
  );
  for (const base of verb.bases) {
    const related: [string, Derivation][] = [
      [base, 'morphology'],
      ...verbSynonyms(base).map((other): [string, Derivation] => [other, 'synonym']),
    ];
    for (const [verbBase, how] of related) {
      const actions = new Set([verbBase, ...actionNouns(verbBase), ...sensesOfVerb(verbBase).flatMap((sense) => sense.nouns)]);
      for (const action of actions)
        for (const head of heads) for (const noun of numbered([action, ...head])) push({ words: noun, kind: 'noun', derived: how });
      // "the *location* of X" for "is located in", "Priya's *reservation*" for "reserves".
      const gerund = formsOf(verbBase).gerund;
      for (const action of actionNouns(verbBase))
        if (action !== verbBase && action !== gerund)
          for (const noun of numbered([action])) push({ words: noun, kind: 'noun', derived: how });
      if (verb.agentive)
        for (const agent of agentNouns(verbBase)) for (const form of numbered([agent])) push({ words: form, kind: 'noun', derived: how });
    }
    // "the *location* of Jazz Ensemble" for "is held in": a verb name ending in a preposition of place,
    // in the present ("was born in" is where someone was, not where they are).
    const past =
      ['was', 'were', 'had'].includes(name[0]) || verbBases(name[0]).some((own) => formsOf(own).past === name[0] && own !== name[0]);
    if (['in', 'at'].includes(name[name.length - 1]) && !past)
      for (const noun of PLACE_NOUNS) push({ words: [noun], kind: 'noun', derived: 'synonym' });
    // A verb whose value is an amount is also its noun: "the cost of X" for "costs" (and "the price").
    if (amount)
      for (const noun of sensesOfVerb(base).flatMap((sense) => sense.nouns))
        for (const form of numbered([noun])) push({ words: form, kind: 'noun', derived: noun === base ? 'morphology' : 'synonym' });
  }
}

/**
 * Verbs of a noun name made of an action's noun and a generic head ("delivery date", "arrival
 * time", "payment method"): "When is Order 41 *delivered*?", "When did Sea Wren *arrive*?".
 */
function nounVerbForms(name: readonly string[], nounName: boolean, push: (form: SurfaceForm) => void): void {
  if (name.length !== 2 || !GENERIC_HEADS.includes(name[1]) || !nounName) return;
  for (const base of verbsOfNoun(name[0])) {
    const forms = formsOf(base);
    push({ words: [forms.participle], kind: 'split', requiresAux: 'be', derived: 'morphology' });
    for (const link of ['on', 'by', 'in', 'at', 'via', 'with', 'for']) {
      push({ words: [forms.participle, link], kind: 'split', requiresAux: 'be', derived: 'morphology' });
      for (const form of surfaceForms(base)) push({ words: [form, link], kind: 'full', derived: 'morphology' });
    }
    for (const form of surfaceForms(base)) push({ words: [form], kind: 'full', derived: 'morphology' });
  }
}

/**
 * Nouns of a noun name with a synonym ("total price" for "total charge", the head alone: "price") and
 * the verb of its sense ("How much does X cost?", "X costs £86" for "total price").
 */
function nounSynonymForms(name: readonly string[], nounName: boolean, push: (form: SurfaceForm) => void): void {
  if (!nounName) return;
  const head = name[name.length - 1];
  for (const other of nounSynonyms(head)) for (const form of numbered([other])) push({ words: form, kind: 'noun', derived: 'synonym' });
  // "How much was *spent on* N-12?": what was spent on a thing is a cost of it.
  if (name.some(isCostNoun)) push({ words: ['spent'], kind: 'noun', derived: 'synonym' });
  if (name.some((word) => periodOf(word) !== undefined)) return;
  for (const verb of new Set(name.flatMap((word) => senseVerbs(word))))
    for (const form of surfaceForms(verb)) push({ words: [form], kind: 'full', derived: 'synonym' });
}

/**
 * "Has Tariq *enrolled in* Saturday Throwing?", "Tariq enrolled in it" for "is enrolled in": a state
 * named "is <participle> <preposition>" is also what the subject did to get there, said with the
 * verb itself (perfect or past). Not for "by" (an agent: "is taught by" is no "has taught by").
 */
function perfectOfStateForms(name: readonly string[], push: (form: SurfaceForm) => void): void {
  if (name.length !== 3 || name[0] !== 'is' || !PREPOSITIONS.has(name[2]) || name[2] === 'by') return;
  const [, participle, link] = name;
  for (const base of verbBases(participle)) {
    if (formsOf(base).participle !== participle) continue;
    push({ words: [participle, link], kind: 'split', requiresAux: 'have', derived: 'morphology' });
    for (const form of surfaceForms(base)) push({ words: [form, link], kind: 'full', derived: 'morphology' });
  }
}

/** Every derived form of a relationship, without the forms its own name already has. */
/** Generic heads that name a time: a value of their own kind. */
const TIME_HEADS = new Set(['date', 'day', 'time', 'month', 'year', 'season']);

/** Last words of a date relationship's name that only say "this is a date". */
const DATE_HEADS = new Set(['date', 'day']);

/** "Jo's *exam* is on 3 March" for "exam date": a date relationship named by its event and "date". */
function dateHeadForms(name: readonly string[], push: (form: SurfaceForm) => void): void {
  if (name.length < 2 || !DATE_HEADS.has(name[name.length - 1])) return;
  push({ words: name.slice(0, -1), kind: 'noun', derived: 'morphology' });
  // "The Blue Fixie *was dropped off* on 14 March" for "drop-off date": a phrasal verb's noun said as its passive.
  const phrasal = /^([a-z]+)-(off|up|in|out|on|back|over|down|away)$/.exec(name[0]);
  if (name.length === 2 && phrasal) {
    const participle = formsOf(phrasal[1]).participle;
    push({ words: [participle, phrasal[2]], kind: 'split', requiresAux: 'be', derived: 'morphology' });
    for (const link of ['on', 'in'])
      push({ words: [participle, phrasal[2], link], kind: 'split', requiresAux: 'be', derived: 'morphology' });
  }
  // "The Tweed Coat *is due on* 27 November" for "due date": the word before the head said after "be".
  if (name.length === 2 && !phrasal)
    for (const link of ['on', 'by']) push({ words: [name[0], link], kind: 'split', requiresAux: 'be', derived: 'morphology' });
  // "Old Ron's tenancy *started on* 1 May" for "tenancy start date": the word before the head said as a verb.
  if (name.length < 3) return;
  const event = name.slice(0, -2);
  for (const form of surfaceForms(name[name.length - 2]))
    for (const link of ['on', 'in']) push({ words: [...event, form, link], kind: 'full', derived: 'morphology' });
}

/**
 * A two-word noun name said with "of" the other way round: "labour hours" is "hours of labour",
 * "water allowance" "allowance of water" (English compounds and their "of" phrases).
 */
function ofForms(name: readonly string[], push: (form: SurfaceForm) => void): void {
  if (name.length !== 2 || PREPOSITIONS.has(name[0]) || PREPOSITIONS.has(name[1])) return;
  push({ words: [name[1], 'of', name[0]], kind: 'noun', derived: 'morphology' });
}

/**
 * "The Owlets' *deposit*?" for "deposit paid": a noun name of a noun and its participle is also said
 * by the noun alone (what the participle says of it is the only amount of that noun).
 */
function participleHeadForms(name: readonly string[], nounName: boolean, push: (form: SurfaceForm) => void): void {
  const participle = (word: string): boolean => verbBases(word).some((base) => base !== word && formsOf(base).participle === word);
  if (!nounName || name.length !== 2 || !participle(name[1]) || looksLikeParticiple(name[0])) return;
  for (const form of numbered([name[0]])) push({ words: form, kind: 'noun', derived: 'morphology', askOnly: true });
}

/**
 * "Mantel *warranty*?" for "is under warranty": a truth name "is <preposition> <noun>" is asked
 * tersely by its noun (the state the thing is in).
 */
function stateNounForms(name: readonly string[], truth: boolean, push: (form: SurfaceForm) => void): void {
  if (!truth || name.length !== 3 || !['is', 'are'].includes(name[0]) || !PREPOSITIONS.has(name[1]) || PREPOSITIONS.has(name[2])) return;
  push({ words: [name[2]], kind: 'noun', derived: 'morphology', askOnly: true });
}

export function derivedFormsOf(map: KnowledgeMap, relationship: Relationship, own: readonly SurfaceForm[]): SurfaceForm[] {
  const name = words(relationship.name);
  if (name.length === 0) return [];
  const concept = map.concepts.get(relationship.object);
  const objectConcept = words(concept?.name ?? '');
  const found: SurfaceForm[] = [];
  const push = (form: SurfaceForm): void => {
    if (form.words.length > 0 && !PREPOSITIONS.has(form.words[0])) found.push(form);
    else if (form.trailing) found.push(form);
  };
  for (const renamed of synonymNames(name)) {
    const bare: Relationship = { ...relationship, name: renamed.join(' '), questions: {} };
    for (const form of surfaceFormsOf(bare)) push({ ...form, derived: 'synonym' });
  }
  periodForms(name, push);
  perUnitForms(name, push);
  converseForms(name, push);
  countForms(name, push);
  lengthForms(name, push);
  verbNounForms(name, objectConcept, concept?.type === 'number', concept?.type === 'date', push);
  perfectOfStateForms(name, push);
  // A name read as a noun phrase, also one with a verb-like word ("monthly spend", "rent costs").
  const nounName = own.some((form) => form.kind === 'noun' && !form.fromConcept);
  nounVerbForms(name, nounName, push);
  nounSynonymForms(name, nounName, push);
  if (nounName && concept?.type === 'date') dateHeadForms(name, push);
  if (nounName) ofForms(name, push);
  participleHeadForms(name, nounName, push);
  countedNounForms(name, push);
  stateNounForms(name, concept?.type === 'truth', push);
  const taken = new Set(own.map((form) => `${form.kind}|${form.requiresAux ?? ''}|${form.reversed ? 'r' : ''}|${form.words.join(' ')}`));
  return found.filter((form) => {
    const key = `${form.kind}|${form.requiresAux ?? ''}|${form.reversed ? 'r' : ''}|${form.words.join(' ')}`;
    if (taken.has(key)) return false;
    taken.add(key);
    return true;
  });
}
