/**
 * The held-out generator's own reading of a relationship name (independent of the reader's
 * vocabulary code, so a bug there cannot hide itself here): a noun phrase ("travel time"), an active
 * verb ("commutes by", "covers"), a passive ("is mentored by") or a predicate said with "be"/a modal
 * ("is located in", "can retire early"). Word classes come from a general English word list, never
 * from the held-out maps.
 */

/** General English verbs (base forms) the generator can conjugate. */
const VERBS = new Set([
  'affect',
  'advise',
  'belong',
  'claim',
  'commute',
  'cover',
  'file',
  'get',
  'grow',
  'hold',
  'join',
  'live',
  'locate',
  'mentor',
  'need',
  'own',
  'pay',
  'plant',
  'report',
  'retire',
  'send',
  'spend',
  'start',
  'submit',
  'survey',
  'tend',
  'travel',
  'use',
  'work',
  'serve',
  'manage',
  'coach',
  'contain',
  'receive',
  'require',
  'provide',
  'include',
  'cost',
  'earn',
  'treat',
  // More everyday English verbs (added after the first held-out run showed the list too short:
  // "attends", "runs on" and "borrows" were taken for nouns and gave non-English prompts).
  'accept',
  'allow',
  'apply',
  'approve',
  'arrive',
  'assign',
  'attend',
  'book',
  'borrow',
  'buy',
  'call',
  'carry',
  'check',
  'choose',
  'close',
  'collect',
  'connect',
  'deliver',
  'depend',
  'drive',
  'employ',
  'enter',
  'face',
  'follow',
  'handle',
  'help',
  'host',
  'issue',
  'keep',
  'lead',
  'lend',
  'like',
  'link',
  'love',
  'meet',
  'move',
  'open',
  'order',
  'owe',
  'prefer',
  'qualify',
  'reach',
  'rent',
  'return',
  'review',
  'run',
  'see',
  'sell',
  'share',
  'speak',
  'stay',
  'study',
  'supply',
  'support',
  'take',
  'teach',
  'test',
  'visit',
  'want',
  'watch',
  'wear',
  'write',
  'base',
  'book',
  'service',
  'install',
  'inspect',
  'store',
  'drive',
  'help',
  'see',
]);
const IRREGULAR: Readonly<Record<string, readonly [past: string, participle: string]>> = {
  run: ['ran', 'run'],
  drive: ['drove', 'driven'],
  see: ['saw', 'seen'],
  take: ['took', 'taken'],
  lead: ['led', 'led'],
  lend: ['lent', 'lent'],
  meet: ['met', 'met'],
  sell: ['sold', 'sold'],
  buy: ['bought', 'bought'],
  keep: ['kept', 'kept'],
  teach: ['taught', 'taught'],
  speak: ['spoke', 'spoken'],
  write: ['wrote', 'written'],
  wear: ['wore', 'worn'],
  choose: ['chose', 'chosen'],
  get: ['got', 'got'],
  grow: ['grew', 'grown'],
  hold: ['held', 'held'],
  pay: ['paid', 'paid'],
  send: ['sent', 'sent'],
  spend: ['spent', 'spent'],
  cost: ['cost', 'cost'],
};
const DOUBLING = new Set(['submit', 'plan', 'stop', 'run', 'drop']);
export const PREPOSITIONS = new Set(['by', 'in', 'at', 'on', 'to', 'for', 'of', 'from', 'with']);

export interface Verb {
  readonly base: string;
  readonly third: string;
  readonly past: string;
  readonly participle: string;
  readonly gerund: string;
}

function verb(base: string): Verb {
  const irregular = IRREGULAR[base];
  const stem = DOUBLING.has(base) ? base + base.slice(-1) : base;
  const consonantY = /[^aeiou]y$/.test(base);
  const regularPast = base.endsWith('e') ? `${base}d` : consonantY ? `${base.slice(0, -1)}ied` : `${stem}ed`;
  return {
    base,
    third: /(s|sh|ch|x)$/.test(base) ? `${base}es` : consonantY ? `${base.slice(0, -1)}ies` : `${base}s`,
    past: irregular?.[0] ?? regularPast,
    participle: irregular?.[1] ?? regularPast,
    gerund: base.endsWith('e') && !base.endsWith('ee') ? `${base.slice(0, -1)}ing` : `${stem}ing`,
  };
}

/** The base form of a word if it is a form of a known verb. */
export function verbOf(word: string): Verb | undefined {
  for (const base of VERBS) {
    const forms = verb(base);
    if ([forms.base, forms.third, forms.past, forms.participle].includes(word)) return forms;
  }
  return undefined;
}

export type Grammar =
  | { readonly kind: 'noun'; readonly noun: string }
  /** "commutes by": verb + the rest ("by"); "affects service": the rest is a noun. */
  | { readonly kind: 'active'; readonly verb: Verb; readonly rest: string; readonly tense: 'present' | 'past' }
  /** "is mentored by", "was reported by". */
  | { readonly kind: 'passive'; readonly verb: Verb; readonly be: string }
  /** "is located in", "was filed on", "is a security breach", "can retire early". */
  | { readonly kind: 'predicate'; readonly lead: string; readonly rest: string };

export function grammarOf(name: string): Grammar {
  const words = name.toLowerCase().split(/\s+/);
  const [first, ...rest] = words;
  if (['is', 'was', 'are', 'can', 'has'].includes(first)) {
    const participle = rest[0] ? verbOf(rest[0]) : undefined;
    if (participle && rest.length === 2 && rest[1] === 'by') return { kind: 'passive', verb: participle, be: first };
    return { kind: 'predicate', lead: first, rest: rest.join(' ') };
  }
  const asVerb = verbOf(first);
  if (asVerb && (first === asVerb.third || (first === asVerb.past && (rest.length === 0 || PREPOSITIONS.has(rest[0]))))) {
    return { kind: 'active', verb: asVerb, rest: rest.join(' '), tense: first === asVerb.third ? 'present' : 'past' };
  }
  return { kind: 'noun', noun: words.join(' ') };
}

export function plural(noun: string): string {
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

export function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/**
 * Who does a verb, for the verbs whose doer English names with a suffix ("driver", "adviser"):
 * a general list like `VERBS`, not taken from any map.
 */
export const AGENT_NOUNS: Readonly<Record<string, string>> = {
  advise: 'adviser',
  drive: 'driver',
  help: 'helper',
  manage: 'manager',
  own: 'owner',
  report: 'reporter',
  submit: 'submitter',
  grow: 'grower',
  teach: 'teacher',
  supply: 'supplier',
  provide: 'provider',
  employ: 'employer',
  treat: 'treater',
  lead: 'leader',
  write: 'writer',
  sell: 'seller',
  buy: 'buyer',
  install: 'installer',
  inspect: 'inspector',
};

/**
 * Everyday synonyms of words in relationship names ("requires" is "needs", "income" is
 * "earnings"), written for the generator from general English, separately from the reader's lexicon.
 */
export const SYNONYMS: Readonly<Record<string, string>> = {
  require: 'need',
  need: 'require',
  help: 'assist',
  provide: 'supply',
  supply: 'provide',
  cost: 'price',
  price: 'cost',
  income: 'earnings',
  spend: 'spending',
  fee: 'charge',
  charge: 'fee',
  annual: 'yearly',
  yearly: 'annual',
  buy: 'purchase',
  repair: 'fix',
};

/**
 * The noun English uses for the act of a verb before "date" ("a booking date", "a return date", "an
 * installation date"); verbs not listed use their -ing form.
 */
export const ACTION_NOUNS: Readonly<Record<string, string>> = {
  return: 'return',
  service: 'service',
  start: 'start',
  survey: 'survey',
  install: 'installation',
  deliver: 'delivery',
  arrive: 'arrival',
  pay: 'payment',
  locate: 'location',
  store: 'storage',
};

/** Nouns of what something costs: a name ending in one can be asked with the verb ("How much does S cost?"). */
export const COST_NOUNS: ReadonlySet<string> = new Set(['cost', 'price', 'fee', 'charge']);

/** Period adjectives and their periods ("monthly costs" are costs "per month"). */
export const PERIOD_NOUNS: Readonly<Record<string, string>> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  annual: 'year',
  yearly: 'year',
};
