/**
 * English verb forms, enough to read relationship names in the tenses people use: "lives in" is
 * also "live in", "living in", "lived in". Generation may overshoot (an unlikely form is harmless:
 * it only matches if someone types it); it must not miss the common forms.
 */
import { IRREGULAR_VERB_LINES } from './irregular-verbs';

/** base → each [past, past participle] pair of a verb that does not add -ed, the usual one first. */
const IRREGULAR_PAIRS = new Map<string, readonly (readonly [past: string, participle: string])[]>();
for (const line of IRREGULAR_VERB_LINES.trim().split('\n')) {
  const [base, ...forms] = line.split(' ');
  const pairs: (readonly [string, string])[] = [];
  for (let index = 0; index + 1 < forms.length; index += 2) pairs.push([forms[index], forms[index + 1]]);
  IRREGULAR_PAIRS.set(base, pairs);
}

/** base → its usual [past, past participle]. */
const IRREGULAR: Readonly<Record<string, readonly [string, string]>> = Object.fromEntries(
  [...IRREGULAR_PAIRS].map(([base, pairs]) => [base, pairs[0]]),
);

/** Present forms of "be" and "have" that are not regular. */
const THIRD_IRREGULAR: Readonly<Record<string, string>> = { be: 'is', have: 'has', do: 'does', go: 'goes' };

export const MODALS = new Set(['can', 'could', 'will', 'would', 'shall', 'should', 'may', 'might', 'must']);

/** All forms of one verb. */
interface VerbForms {
  readonly base: string;
  readonly third: string;
  readonly past: string;
  readonly participle: string;
  readonly gerund: string;
}

const REVERSE = new Map<string, string>();
for (const [base, pairs] of IRREGULAR_PAIRS)
  for (const form of pairs.flat()) if (form !== base && !REVERSE.has(form)) REVERSE.set(form, base);
for (const [base, third] of Object.entries(THIRD_IRREGULAR)) REVERSE.set(third, base);
for (const form of ['am', 'are', 'were', 'is', 'was', 'been', 'being']) REVERSE.set(form, 'be');

function shortClosed(word: string): boolean {
  // One vowel group ending in a single consonant ("stop", "plan"): the consonant doubles.
  return /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(word);
}

/** Forms of a verb given its base form. */
/** Prefixes that keep an irregular verb irregular: "oversee" → "overseen", "undertake" → "undertaken". */
const PREFIXES = ['over', 'under', 'with', 'out', 'mis', 'fore', 'up', 're'];

/** An irregular verb behind a prefix ("oversee" is "over" + "see"), or undefined. */
function prefixed(word: string, known: (rest: string) => boolean): [prefix: string, rest: string] | undefined {
  for (const prefix of PREFIXES) {
    const rest = word.slice(prefix.length);
    if (word.startsWith(prefix) && rest.length >= 2 && known(rest)) return [prefix, rest];
  }
  return undefined;
}

/**
 * The irregular past and participle an over-regularised past stands for ("payed" → "paid",
 * "teached" → "taught"), or none.
 */
export function irregularOfRegularPast(word: string): readonly string[] {
  if (!word.endsWith('ed')) return [];
  for (const stem of [word.slice(0, -2), word.slice(0, -1)]) {
    const pairs = IRREGULAR_PAIRS.get(stem);
    if (pairs) return [...new Set(pairs.flat())].filter((form) => form !== word);
  }
  return [];
}

export function formsOf(base: string): VerbForms {
  const compound = IRREGULAR[base] ? undefined : prefixed(base, (rest) => rest in IRREGULAR);
  if (compound) {
    const [prefix, rest] = compound;
    const inner = formsOf(rest);
    return {
      base,
      third: prefix + inner.third,
      past: prefix + inner.past,
      participle: prefix + inner.participle,
      gerund: prefix + inner.gerund,
    };
  }
  const irregular = IRREGULAR[base];
  let third = THIRD_IRREGULAR[base];
  if (!third) {
    if (/(s|x|z|ch|sh|o)$/.test(base)) third = `${base}es`;
    else if (/[^aeiou]y$/.test(base)) third = `${base.slice(0, -1)}ies`;
    else third = `${base}s`;
  }
  let past: string;
  if (/e$/.test(base)) past = `${base}d`;
  else if (/[^aeiou]y$/.test(base)) past = `${base.slice(0, -1)}ied`;
  else if (shortClosed(base)) past = `${base}${base.slice(-1)}ed`;
  else past = `${base}ed`;
  let gerund: string;
  if (/ie$/.test(base)) gerund = `${base.slice(0, -2)}ying`;
  else if (/[^aeioy]e$/.test(base)) gerund = `${base.slice(0, -1)}ing`;
  else if (shortClosed(base)) gerund = `${base}${base.slice(-1)}ing`;
  else gerund = `${base}ing`;
  return { base, third, past: irregular ? irregular[0] : past, participle: irregular ? irregular[1] : past, gerund };
}

/** Possible base forms of a word that may be an inflected verb (the word itself included). */
export function basesOf(word: string): string[] {
  const known = REVERSE.get(word);
  // "lay" is a tense of "lie" and a verb of its own; "saw" of "see" and "saw". A past in -ed
  // ("installed", listed for the British "instal") is read by the regular rules too ("install").
  if (known && !word.endsWith('ed')) return word in IRREGULAR ? [known, word] : [known];
  const compound = known ? undefined : prefixed(word, (rest) => REVERSE.has(rest) && REVERSE.get(rest) !== 'be');
  if (compound) return [compound[0] + (REVERSE.get(compound[1]) as string)];
  if (word in IRREGULAR || word in THIRD_IRREGULAR) return [word];
  const bases = new Set<string>(known ? [known, word] : [word]);
  if (/ies$/.test(word)) bases.add(`${word.slice(0, -3)}y`);
  else if (/(ss|x|z|ch|sh|o)es$/.test(word)) bases.add(word.slice(0, -2));
  else if (/es$/.test(word)) {
    bases.add(word.slice(0, -1));
    bases.add(word.slice(0, -2));
  } else if (/[^s]s$/.test(word)) bases.add(word.slice(0, -1));
  if (/ied$/.test(word)) bases.add(`${word.slice(0, -3)}y`);
  else if (/ed$/.test(word)) {
    bases.add(word.slice(0, -1));
    bases.add(word.slice(0, -2));
    if (/([^aeiou])\1ed$/.test(word)) bases.add(word.slice(0, -3));
  }
  if (/ing$/.test(word) && word.length > 4) {
    const stem = word.slice(0, -3);
    bases.add(stem);
    bases.add(`${stem}e`);
    if (/([^aeiou])\1$/.test(stem)) bases.add(stem.slice(0, -1));
  }
  return [...bases];
}

/** Every surface form of a verb word: its own and those of each possible base. */
export function surfaceForms(word: string): string[] {
  const forms = new Set<string>([word]);
  for (const base of basesOf(word)) {
    const all = formsOf(base);
    for (const form of [all.base, all.third, all.past, all.participle, all.gerund]) forms.add(form);
    // Every other past and participle people use ("shorn" beside "sheared").
    for (const form of IRREGULAR_PAIRS.get(base)?.flat() ?? []) forms.add(form);
  }
  return [...forms];
}

/** How a relationship name starts: an auxiliary ("is aged", "has lived in", "can claim") or a main verb. */
type VerbStart =
  | { readonly kind: 'aux'; readonly aux: 'be' | 'have' | 'modal'; readonly forms: readonly string[] }
  | { readonly kind: 'verb' }
  | { readonly kind: 'other' };

/** Classifies the first word of a relationship name. */
export function verbStart(word: string): VerbStart {
  if (REVERSE.get(word) === 'be' || word === 'be')
    return { kind: 'aux', aux: 'be', forms: ['is', 'are', 'was', 'were', 'am', 'be', 'been', 'being'] };
  if (word === 'has' || word === 'have' || word === 'had') return { kind: 'aux', aux: 'have', forms: ['has', 'have', 'had', 'having'] };
  if (MODALS.has(word)) return { kind: 'aux', aux: 'modal', forms: [...MODALS] };
  if (REVERSE.has(word) || word in IRREGULAR) return { kind: 'verb' };
  // A word ending in -s (not -ss, -us, -is), -ed or -ing is read as a verb: "speaks", "needs", "owned".
  if (/[^su]s$|[^s]es$/.test(word) && !/(ss|us|is)$/.test(word)) return { kind: 'verb' };
  if (/ed$|ing$/.test(word) && word.length > 4) return { kind: 'verb' };
  return { kind: 'other' };
}

const PARTICIPLES = new Set([...IRREGULAR_PAIRS.values()].flatMap((pairs) => pairs.map(([, participle]) => participle)));

/** Whether a word reads as a past participle ("lived", "taken", "born"), as after "has" in "has lived in". */
export function looksLikeParticiple(word: string): boolean {
  return PARTICIPLES.has(word) || (/(ed|en)$/.test(word) && word.length > 3);
}

/** Auxiliaries that can open a yes/no question or precede a main verb. */
export const AUXILIARIES = new Set(['do', 'does', 'did', 'is', 'are', 'was', 'were', 'am', 'has', 'have', 'had', ...MODALS]);

/** The regular plural of a noun ("variety" → "varieties", "apple" → "apples"; people, children). */
export function pluralOf(word: string): string {
  if (word === 'person') return 'people';
  if (word === 'child') return 'children';
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}
