/**
 * Misspelt words of the map's vocabulary ("Wich stage does Kestrel plya on?"): a word the reader
 * does not know is read as the one word of the map's relationship names, question forms and concept
 * names, or of the question words, that is within one typo of it (two from nine letters) and starts
 * with the same letter (or swaps the first two). Instance
 * names keep their own typo matching (vocabulary/instances.ts); a word near a name is left to it.
 * Two candidates equally near leave the word as typed unless exactly one of them sounds like it
 * (Double Metaphone): "wich" is "which", not "with"; otherwise the reader does not guess between them.
 */
import { doubleMetaphone } from 'double-metaphone';
import { CERTAINTY_PHRASES } from '../text/certainty';
import { COMMON_WORDS } from '../text/common-words';
import { typoAllowance, typoDistance } from '../text/distance';
import { AUXILIARIES, basesOf, irregularOfRegularPast, pluralOf } from '../text/inflect';
import { parseNumber } from '../text/numbers';
import { spellingVariants } from '../text/spelling-variants';
import { ABBREVIATIONS } from '../text/synonyms';
import type { Token } from '../text/tokens';
import { inWordnetTables, isPrivativeVerb, measuringAdjectives } from '../text/wordnet';
import type { Vocabulary } from '../vocabulary/types';
import { UNIT_NAMES } from './unit-names';
import { LEAD_INS, NONE_PHRASES, SKIP_PHRASES, TRAILING_FILLERS, WH_WORDS } from './lexicon';

/** Calendar words are values, not vocabulary: "march" must not become "match". */
const CALENDAR = new Set(
  `january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept
  oct nov dec monday tuesday wednesday thursday friday saturday sunday yesterday tomorrow today week weeks month months year years
  day days ago last next`.split(/\s+/),
);

interface TypoTable {
  /** Words that are never corrected. */
  readonly known: ReadonlySet<string>;
  /** Words a typo may stand for, by length (a typo changes the length by at most its allowance). */
  readonly targets: ReadonlyMap<number, readonly string[]>;
  readonly targetSet: ReadonlySet<string>;
  /** Words of instance names long enough to carry a typo of their own, by length. */
  readonly nameWords: ReadonlyMap<number, readonly string[]>;
  /** Every word of an instance name (an abbreviation that is one stays as typed). */
  readonly nameWordSet: ReadonlySet<string>;
  /** Hyphenated words of instance names ("sci-fi"), never split. */
  readonly hyphenatedNameWords: ReadonlySet<string>;
  /** Words of the map's question forms as written ("groomed" in "When was %S last groomed?"), by length. */
  readonly formLiterals: ReadonlyMap<number, readonly string[]>;
  /** Words of the map's concept names (singular). */
  readonly conceptWords: readonly string[];
  /** Words already looked at: their correction, or null. */
  readonly seen: Map<string, string | null>;
}

const SEEN_LIMIT = 10_000;

function byLength(list: Iterable<string>): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const word of list) out.set(word.length, [...(out.get(word.length) ?? []), word]);
  return out;
}

/** Words of `index` whose length is within `spread` of `length`. */
function near(index: ReadonlyMap<number, readonly string[]>, length: number, spread: number): string[] {
  const out: string[] = [];
  for (let at = length - spread; at <= length + spread; at++) out.push(...(index.get(at) ?? []));
  return out;
}

const tables = new WeakMap<Vocabulary, TypoTable>();

function phraseWords(phrases: readonly string[]): string[] {
  return phrases.flatMap((phrase) => phrase.split(' '));
}

function tableOf(vocabulary: Vocabulary): TypoTable {
  const cached = tables.get(vocabulary);
  if (cached) return cached;
  const targets = new Set<string>([...vocabulary.mapWords, ...WH_WORDS, ...AUXILIARIES]);
  for (const entry of vocabulary.relationships)
    for (const form of entry.forms) if (!form.derived) for (const word of form.words) targets.add(word);
  const nameWords = new Set<string>();
  const hyphenatedNameWords = new Set<string>();
  for (const concept of vocabulary.map.instances.values())
    for (const instance of concept.values()) {
      for (const word of instance.name.toLowerCase().split(/[\s-]+/)) nameWords.add(word);
      for (const word of instance.name.toLowerCase().split(/\s+/)) if (word.includes('-')) hyphenatedNameWords.add(word);
    }
  // Words of derived forms ("sent" for "delivered by") are words the reader knows, never typos of a map word.
  const derivedWords = vocabulary.relationships.flatMap((entry) =>
    entry.forms.filter((form) => form.derived).flatMap((form) => form.words),
  );
  const known = new Set<string>([
    ...targets,
    ...derivedWords,
    ...COMMON_WORDS,
    ...CALENDAR,
    ...nameWords,
    ...phraseWords(LEAD_INS.map(([phrase]) => phrase)),
    ...phraseWords(TRAILING_FILLERS),
    ...phraseWords(SKIP_PHRASES),
    ...phraseWords(NONE_PHRASES),
    ...phraseWords(CERTAINTY_PHRASES.map(([phrase]) => phrase)),
    // Adjectives that measure something ("How *hard* is…") are English, never a typo of "had".
    ...measuringAdjectives(),
  ]);
  const table: TypoTable = {
    known,
    targets: byLength([...targets].filter((word) => word.length >= 3 && /^[a-z]+$/.test(word))),
    targetSet: targets,
    nameWords: byLength([...nameWords].filter((word) => typoAllowance(word.length) > 0)),
    nameWordSet: nameWords,
    hyphenatedNameWords,
    formLiterals: byLength(
      vocabulary.relationships.flatMap((entry) =>
        entry.templates.flatMap((template) =>
          template.words.flatMap((word) =>
            'literal' in word && word.literal.length >= 4 && /^[a-z]+$/.test(word.literal) ? [word.literal] : [],
          ),
        ),
      ),
    ),
    conceptWords: [...new Set([...vocabulary.map.concepts.keys()].flatMap((concept) => concept.toLowerCase().split(/[\s-]+/)))],
    seen: new Map(),
  };
  tables.set(vocabulary, table);
  return table;
}

function allowanceFor(word: string): number {
  return word.length >= 9 ? 2 : 1;
}

/** The one target `word` is a typo of, or undefined (none, or several equally near). */
function correction(table: TypoTable, word: string): string | undefined {
  const seen = table.seen.get(word);
  if (seen !== undefined) return seen ?? undefined;
  const found = findCorrection(table, word);
  if (table.seen.size >= SEEN_LIMIT) table.seen.clear();
  table.seen.set(word, found ?? null);
  return found;
}

function findCorrection(table: TypoTable, word: string): string | undefined {
  if (word.length < 3 || !/^[a-z]+$/.test(word)) return undefined;
  // "payed" for "paid": an irregular verb given the regular "-ed" is that verb's past, when the map uses it.
  const regularised = irregularOfRegularPast(word).filter((past) => table.targetSet.has(past));
  if (regularised.length === 1) return regularised[0];
  // "licenced" for the map's "licensed", "traveling" for its "travelling": the other regular
  // spelling of a map word, even where the word is English as typed.
  const respelt = table.targetSet.has(word) ? [] : spellingVariants(word).filter((variant) => table.targetSet.has(variant));
  if (respelt.length === 1) return respelt[0];
  if (table.known.has(word)) return undefined;
  // "Which horse did Amara *leave*?": a verb of leaving, refusing or losing (WordNet) says the
  // opposite of most relationships; it is never a typo of one ("lease").
  if ([word, ...basesOf(word)].some((form) => isPrivativeVerb(form))) return undefined;
  const clipped = clippedConceptWord(table, word);
  if (clipped !== undefined) return clipped;
  const written = soundingFormLiteral(table, word);
  if (written !== undefined) return written;
  // Another form of a word of the map ("customers", "paying") is not a typo; a form of an everyday
  // word is, when a word of the map is one typo away ("mored" is "moored", not "more" + d).
  const inflected = basesOf(word).filter((base) => base !== word);
  if (word.endsWith('s')) inflected.push(word.slice(0, -1));
  if (inflected.some((base) => table.targetSet.has(base))) return undefined;
  if (
    near(table.nameWords, word.length, 2).some((name) => typoDistance(word, name, typoAllowance(name.length)) <= typoAllowance(name.length))
  )
    return undefined;
  const allowance = allowanceFor(word);
  let best: string[] = [];
  let bestDistance = allowance + 1;
  for (const target of near(table.targets, word.length, allowance)) {
    // People rarely mistype the first letter, except by swapping it with the second: "vive" (Spanish)
    // is not "live", "onw" is "own".
    if (target[0] !== word[0] && !(target[0] === word[1] && target[1] === word[0])) continue;
    const distance = typoDistance(word, target, allowance);
    // Three letters are too short for anything but two swapped ones ("onw" for "own") or a spelling
    // that sounds like the word ("wat" for "what").
    if (distance > allowance) continue;
    if (word.length === 3 && [...word].sort().join('') !== [...target].sort().join('') && !soundsAlike(word, target)) continue;
    if (distance < bestDistance) {
      best = [target];
      bestDistance = distance;
    } else if (distance === bestDistance && !best.includes(target)) best.push(target);
  }
  if (best.length === 1) return best[0];
  const heard = best.filter((target) => soundsAlike(word, target));
  return heard.length === 1 ? heard[0] : undefined;
}

const UNIT_WORDS = new Set(Object.entries(UNIT_NAMES).flatMap(([short, names]) => [short, ...names]));

/**
 * "What *locos* does Joan have?" for the concept "locomotive": a clipped noun, the opening (four to
 * six letters) of exactly one long word (eight letters or more) of the map's concept names, when
 * the word is no English word of the WordNet tables nor a form of one ("part" is never "participant").
 */
function clippedConceptWord(table: TypoTable, word: string): string | undefined {
  const plural = word.endsWith('s') && word.length > 4;
  const stem = plural ? word.slice(0, -1) : word;
  if (stem.length < 4 || stem.length > 6 || inWordnetTables(stem) || inWordnetTables(word)) return undefined;
  // A short unit ("kilos", "mins") is the unit, read as such where units are read.
  if (UNIT_WORDS.has(word) || UNIT_WORDS.has(stem) || UNIT_WORDS.has(`${stem}s`)) return undefined;
  if (basesOf(stem).some((base) => base !== stem && inWordnetTables(base))) return undefined;
  const found = new Set(table.conceptWords.filter((concept) => concept.length >= 8 && concept.startsWith(stem)));
  if (found.size !== 1) return undefined;
  const [concept] = found;
  return plural ? pluralOf(concept) : concept;
}

/**
 * "When was Biscuit last *groomd*?" for the form's "groomed", "Has Lela *pased*…" for "passed": a
 * word one typo from exactly one word of the map's question forms as written, and sounding like it,
 * is that word, before it is taken for a form of another map word ("pase") or left to a name word
 * ("Full Groom"): the forms' own spelling is the surest target.
 */
function soundingFormLiteral(table: TypoTable, word: string): string | undefined {
  if (word.length < 4) return undefined;
  const found = new Set<string>();
  for (const literal of near(table.formLiterals, word.length, 1))
    if (literal[0] === word[0] && literal !== word && typoDistance(word, literal, 1) <= 1 && soundsAlike(word, literal)) found.add(literal);
  return found.size === 1 ? [...found][0] : undefined;
}

/** Whether two spellings sound the same: their primary Double Metaphone keys agree ("wich", "which"). */
function soundsAlike(word: string, target: string): boolean {
  const [key] = doubleMetaphone(word);
  return key !== '' && key === doubleMetaphone(target)[0];
}

/**
 * The tokens with misspelt vocabulary words replaced by the words they stand for (offsets kept, so
 * names are still read from the prompt as typed). A capitalised word inside a sentence is a name.
 */
export function correctTypos(prompt: string, tokens: readonly Token[], vocabulary: Vocabulary): Token[] {
  const table = tableOf(vocabulary);
  const spelledOut = expandAbbreviations(table, splitHyphenated(table, tokens));
  return spelledOut.map((token, index) => {
    if (token.punctuation || parseNumber([token]) !== undefined) return token;
    const sentenceStart = index === 0 || spelledOut[index - 1].punctuation;
    if (!sentenceStart && /^\p{Lu}/u.test(prompt.slice(token.start, token.end))) return token;
    const fixed = correction(table, token.text) ?? howBeforeMeasure(table, token.text, spelledOut[index + 1]?.text);
    return fixed === undefined ? token : { ...token, text: fixed };
  });
}

/**
 * "suitable for *under-fives*", "*family-friendly*": a hyphenated word whose parts are all words of
 * the map (the map says "under fives") is those words, unless it is a word of an instance name
 * ("Sci-Fi"). Each part keeps its own offsets.
 */
function splitHyphenated(table: TypoTable, tokens: readonly Token[]): Token[] {
  return tokens.flatMap((token) => {
    if (token.punctuation || !token.text.includes('-') || table.hyphenatedNameWords.has(token.text)) return [token];
    const parts = token.text.split('-');
    if (parts.some((part) => part === '' || !table.targetSet.has(part))) return [token];
    let start = token.start;
    return parts.map((part) => {
      const piece = { ...token, text: part, start, end: Math.min(token.end, start + part.length) };
      start += part.length + 1;
      return piece;
    });
  });
}

/** Words that follow "how" and no other question word: "how *many*", "how *long*". */
const HOW_FOLLOWERS = new Set(['many', 'much', 'long', 'old', 'often', 'far']);

/**
 * "Hwo many beds…?": a word one typo from both "how" and "who" (or another question word) is "how"
 * before a word only "how" takes.
 */
function howBeforeMeasure(table: TypoTable, word: string, next: string | undefined): string | undefined {
  if (next === undefined || !HOW_FOLLOWERS.has(next) || table.known.has(word) || word.length > 4) return undefined;
  return typoDistance(word, 'how', 1) <= 1 && word !== 'how' ? 'how' : undefined;
}

/**
 * "Raku *max temp*?" for "maximum temperature": a common abbreviation (`ABBREVIATIONS`) is the word it
 * shortens when that word is one of the map's own and the abbreviation is not ("max speed" stays when
 * the map says "max"), nor a word of a name, nor a unit after a number ("10 min"). "no." is "number"
 * only before "of" ("no. of sails"), so a "No." answer stays one.
 */
function expandAbbreviations(table: TypoTable, tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    const numbered = token.text === 'no' && tokens[index + 1]?.text === '.' && tokens[index + 2]?.text === 'of';
    const full = numbered ? 'number' : ABBREVIATIONS.get(token.text);
    const afterNumber = index > 0 && parseNumber([tokens[index - 1]]) !== undefined;
    if (
      full === undefined ||
      !table.targetSet.has(full) ||
      table.targetSet.has(token.text) ||
      table.nameWordSet.has(token.text) ||
      afterNumber
    ) {
      out.push(token);
      continue;
    }
    out.push({ ...token, text: full });
    if (numbered) index++; // the abbreviation's full stop is no end of a sentence
  }
  return out;
}
