/**
 * A small lexicon of GENERAL English: words people use interchangeably for the common words of
 * relationship names (a price is a cost or a charge, to supply is to provide, "per month" is
 * "monthly"). It is written from everyday English, never for a particular map; the map's own words
 * always win over it (forms made from it are secondary, see `vocabulary/derived-forms.ts`).
 *
 * WordNet (`wordnet.ts`) gives verbs whose most frequent sense is the same; it is not used for the
 * groups below, because its synsets mix every sense of a word ("cost" is also "be priced at" and
 * "toll") and it does not pair a noun with the verb that says it ("capacity" and "hold"): the few
 * everyday groups below keep the reader predictable and are easy to review.
 */

/**
 * One sense shared by several words. `nouns` name the relationship's value ("the cost of X");
 * `verbs` say it of the relationship's subject ("X costs £5", "Who supplies X?" for "is supplied by").
 */
export interface Sense {
  readonly nouns: readonly string[];
  readonly verbs: readonly string[];
}

const SENSES: readonly Sense[] = [
  // What something costs.
  // "X costs £5" of a thing, "X charges £5" of whoever asks for it.
  { nouns: ['cost', 'price', 'charge', 'fee', 'rate'], verbs: ['cost', 'charge'] },
  // What someone spends.
  { nouns: ['spend', 'spending', 'expenditure', 'outgoings', 'outlay'], verbs: ['spend'] },
  // What someone earns.
  { nouns: ['income', 'earnings', 'salary', 'wage', 'wages', 'pay'], verbs: ['earn'] },
  { nouns: ['weight'], verbs: ['weigh'] },
  // What something produces: "Hive 30 produced 23 kg of honey" for a "honey yield".
  { nouns: ['yield', 'output'], verbs: ['produce', 'yield'] },
  { nouns: ['turnover', 'revenue', 'takings', 'sales'], verbs: [] },
  { nouns: ['budget', 'allowance'], verbs: [] },
  { nouns: ['total', 'sum'], verbs: [] },
  { nouns: ['number', 'count', 'quantity'], verbs: [] },
  { nouns: ['type', 'kind', 'sort', 'category'], verbs: [] },
  { nouns: ['level', 'tier', 'grade', 'band'], verbs: [] },
  { nouns: ['method', 'way', 'mode', 'means'], verbs: [] },
  { nouns: ['location', 'place', 'site'], verbs: [] },
  { nouns: ['customer', 'client'], verbs: [] },
  { nouns: ['size'], verbs: [] },
  // How many something holds: "Room 3 holds 80 people", "How many people can Room 3 hold?".
  { nouns: ['capacity'], verbs: ['hold', 'seat', 'accommodate'] },
  // What someone owes: "How much does Noor owe?" for an "amount due".
  { nouns: ['due', 'owed', 'outstanding'], verbs: ['owe'] },
  { nouns: [], verbs: ['need', 'require'] },
  { nouns: [], verbs: ['supply', 'provide'] },
  { nouns: ['delivery', 'shipping', 'shipment', 'dispatch'], verbs: ['ship', 'send', 'deliver', 'dispatch', 'post', 'mail'] },
  { nouns: ['purchase'], verbs: ['buy', 'purchase'] },
  { nouns: ['repair'], verbs: ['repair', 'fix', 'mend'] },
  { nouns: [], verbs: ['live', 'reside'] },
  { nouns: ['start'], verbs: ['start', 'begin', 'commence'] },
  { nouns: ['end', 'finish'], verbs: ['end', 'finish'] },
  { nouns: [], verbs: ['contain', 'include'] },
  { nouns: ['choice', 'selection'], verbs: ['choose', 'select', 'pick'] },
  { nouns: [], verbs: ['help', 'assist'] },
  { nouns: [], verbs: ['teach', 'instruct', 'tutor'] },
  { nouns: [], verbs: ['study', 'learn'] },
  { nouns: ['departure'], verbs: ['depart', 'leave'] },
  { nouns: ['manager'], verbs: ['manage', 'oversee'] },
  { nouns: [], verbs: ['use', 'utilise', 'utilize'] },
  { nouns: [], verbs: ['receive', 'obtain'] },
  { nouns: ['owner'], verbs: ['own'] },
];

/** Period adjectives and the nouns of their periods: "monthly" is "per month", "a month", "each month". */
export const PERIODS: readonly { readonly adjectives: readonly string[]; readonly noun: string }[] = [
  { adjectives: ['hourly'], noun: 'hour' },
  { adjectives: ['nightly'], noun: 'night' },
  { adjectives: ['daily'], noun: 'day' },
  { adjectives: ['weekly'], noun: 'week' },
  { adjectives: ['fortnightly'], noun: 'fortnight' },
  { adjectives: ['monthly'], noun: 'month' },
  { adjectives: ['quarterly'], noun: 'quarter' },
  { adjectives: ['yearly', 'annual'], noun: 'year' },
];

/** Ways of saying "in each period" after a value or a verb: "£30 *per month*", "spends £30 *a month*". */
export const PER_WORDS: readonly string[] = ['per', 'a', 'an', 'each', 'every'];

/** The nouns of the periods ("week", "month"…). */
export const PERIOD_NOUNS: ReadonlySet<string> = new Set(PERIODS.map((period) => period.noun));

/**
 * Nouns that name an aspect of an action rather than a thing: "the *delivery method*", "the
 * *planting season*", "the *payment date*". After a verb's noun they ask for the relationship's value.
 */
export const GENERIC_HEADS: readonly string[] = [
  'method',
  'way',
  'mode',
  'means',
  'option',
  'service',
  'type',
  'kind',
  'date',
  'day',
  'time',
  'season',
  'month',
  'year',
  'place',
  'location',
  'site',
  'address',
  'status',
  'partner',
  'company',
  'provider',
];

/** Nouns that ask where, for a verb name ending in "in" or "at": "the *location* of X" for "is held in". */
export const PLACE_NOUNS: readonly string[] = ['location', 'place', 'venue'];

/**
 * Participles that say where something is ("is *located* in", "is *sited* at", "is *moored* at"):
 * "Where is X?" asks for such a relationship (general English; "is enrolled in" says no place).
 */
export const PLACING_PARTICIPLES = new Set([
  'located',
  'situated',
  'sited',
  'based',
  'moored',
  'kept',
  'stored',
  'housed',
  'parked',
  'stationed',
  'positioned',
  'placed',
  'held',
]);

/** Nouns of how long something is: "lesson length" is asked "How long is X's lesson?". */
export const LENGTH_NOUNS = new Set(['length', 'duration']);

/** Words of a relationship or its value that say it is a length of time ("How long…?" asks for one). */
export const LENGTH_WORDS = new Set([...LENGTH_NOUNS, 'time', 'seconds', 'minutes', 'hours', 'days', 'weeks', 'months', 'years', 'nights']);

/**
 * Adjectives of measure and the nouns of what they measure: "How *heavy* is Rex?" asks for a
 * weight, "How *tall*…" for a height (general English; the noun's synonyms count too).
 */
export const MEASURE_ADJECTIVES: Readonly<Record<string, readonly string[]>> = {
  heavy: ['weight'],
  tall: ['height'],
  high: ['height'],
  long: ['length', 'duration'],
  old: ['age'],
  big: ['size'],
  large: ['size'],
  wide: ['width'],
  deep: ['depth'],
  far: ['distance'],
  expensive: ['cost'],
  costly: ['cost'],
  dear: ['cost'],
};

/**
 * Common abbreviations of words in relationship names ("max temp" for "maximum temperature"): general
 * English shorthand, read as the full word only where the map uses that word (see `understand/typos.ts`).
 */
export const ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ['max', 'maximum'],
  ['min', 'minimum'],
  ['temp', 'temperature'],
  ['num', 'number'],
  ['qty', 'quantity'],
  ['avg', 'average'],
  ['approx', 'approximate'],
]);

/** Nouns for "how many": "number of trays", "tray count", "quantity of trays". */
export const COUNT_NOUNS = new Set(['number', 'count', 'quantity']);

const nounIndex = new Map<string, Sense[]>();
const verbIndex = new Map<string, Sense[]>();
for (const sense of SENSES) {
  for (const noun of sense.nouns) nounIndex.set(noun, [...(nounIndex.get(noun) ?? []), sense]);
  for (const verb of sense.verbs) verbIndex.set(verb, [...(verbIndex.get(verb) ?? []), sense]);
}

/** The senses a noun belongs to. */
export function sensesOfNoun(noun: string): readonly Sense[] {
  return nounIndex.get(noun) ?? [];
}

/** The senses a verb (base form) belongs to. */
export function sensesOfVerb(verb: string): readonly Sense[] {
  return verbIndex.get(verb) ?? [];
}

/** Other nouns of the same senses ("price" → "cost", "charge", "fee", "rate"). */
export function nounSynonyms(noun: string): string[] {
  return [...new Set(sensesOfNoun(noun).flatMap((sense) => sense.nouns))].filter((other) => other !== noun);
}

/** Other verbs of the same senses, base forms ("supply" → "provide"). */
export function verbSynonyms(verb: string): string[] {
  return [...new Set(sensesOfVerb(verb).flatMap((sense) => sense.verbs))].filter((other) => other !== verb);
}

/** The period noun of a period adjective ("annual" → "year"). */
export function periodOf(adjective: string): string | undefined {
  return PERIODS.find((period) => period.adjectives.includes(adjective))?.noun;
}

/**
 * Verbs that say the same fact from the other end ("Ann *owns* Biscuit" is "Biscuit *belongs to*
 * Ann"): general English, base forms, each pair both ways. WordNet lists no such pairs.
 */
const CONVERSES: readonly (readonly [string, string])[] = [
  ['own', 'belong to'],
  ['employ', 'work for'],
];

/** The verb phrases (base forms, as word lists) that say a relationship named `name` from its object's end. */
export function converseVerbs(name: readonly string[]): string[][] {
  const said = name.join(' ');
  return CONVERSES.flatMap(([one, other]) => {
    if (said === one || said === `${one}s`) return [other.split(' ')];
    const [verb, ...rest] = other.split(' ');
    const restSaid = rest.join(' ');
    return said === other || said === `${verb}s ${restSaid}` ? [[one]] : [];
  });
}
