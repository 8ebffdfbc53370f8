/**
 * Instance names of a map, found in prompts case-insensitively and with small typos forgiven
 * (Damerau-Levenshtein ≤ 1 for names of 5 letters or more, ≤ 2 from 10; see text/distance.ts).
 */
import type { KnowledgeMap } from '../../engine';
import { singularsOf } from '../text/derive';
import { typoAllowance, typoDistance } from '../text/distance';
import { words, type Token } from '../text/tokens';

interface InstanceEntry {
  /** The name as the map writes it. */
  readonly name: string;
  readonly concept: string;
  readonly words: readonly string[];
  /** Lower-cased words joined by single spaces. */
  readonly key: string;
}

export interface InstanceMatch {
  readonly entry: InstanceEntry;
  /** 0 for an exact (case-insensitive) match. */
  readonly distance: number;
}

/** An instance found inside a longer text: tokens `[from, to)`. */
interface InstanceMention extends InstanceMatch {
  readonly from: number;
  readonly to: number;
}

function compactKey(key: string): string {
  return key.replace(/[-\s'.]+/g, '');
}

const LEADING_ARTICLES = new Set(['the', 'a', 'an']);

function stripArticle(list: readonly string[]): readonly string[] {
  return list.length > 1 && LEADING_ARTICLES.has(list[0]) ? list.slice(1) : list;
}

/** A word that tells one thing from its siblings ("B" in "Hall B", "7" in "Order 7"), never a typo of another. */
function isIdentifier(word: string): boolean {
  return word.length === 1 || /\d/.test(word);
}

/** Typos are forgiven in words, not in identifiers: "Hall B" is no misspelt "Hall A", "Order 8" no "Order 7". */
function identifiersAgree(said: readonly string[], name: readonly string[]): boolean {
  return said.every((word, index) => word === name[index] || (!isIdentifier(word) && !isIdentifier(name[index] ?? '')));
}

/**
 * "the Off Peak *plan*" for the plan "Off Peak": a word of the instance's own concept name said in
 * place of a name word is that concept's noun after the name, never a misspelling ("Off Peak Plus").
 */
function saysConceptNoun(said: readonly string[], entry: InstanceEntry): boolean {
  const conceptWords = new Set(words(entry.concept));
  return said.some((word, index) => word !== entry.words[index] && conceptWords.has(word));
}

export class InstanceIndex {
  private readonly exact = new Map<string, InstanceEntry[]>();
  /** Names with spaces and hyphens removed ("inc101"), so "INC 101" and "inc101" find "INC-101". */
  private readonly compact = new Map<string, InstanceEntry[]>();
  /** Entries by number of words, for typo search among names of the same shape. */
  private readonly byWordCount = new Map<number, InstanceEntry[]>();
  readonly longest: number;

  /** `protectedWords` never match a name by typo (relationship words, common English). */
  constructor(
    map: KnowledgeMap,
    private readonly protectedWords: ReadonlySet<string>,
  ) {
    let longest = 1;
    for (const [concept, instances] of map.instances) {
      for (const instance of instances.values()) {
        const list = words(instance.name);
        if (list.length === 0) continue;
        const entry: InstanceEntry = { name: instance.name, concept, words: list, key: list.join(' ') };
        this.exact.set(entry.key, [...(this.exact.get(entry.key) ?? []), entry]);
        const squeezed = compactKey(entry.key);
        this.compact.set(squeezed, [...(this.compact.get(squeezed) ?? []), entry]);
        this.byWordCount.set(list.length, [...(this.byWordCount.get(list.length) ?? []), entry]);
        longest = Math.max(longest, list.length);
      }
    }
    this.longest = longest;
  }

  /**
   * The instance a whole phrase names, among `concepts` (all when omitted). Exact matches win;
   * otherwise the closest name within the typo allowance, if only one is that close.
   */
  lookup(phrase: readonly string[], concepts?: ReadonlySet<string>): InstanceMatch | undefined {
    const accept = (entry: InstanceEntry): boolean => !concepts || concepts.has(entry.concept);
    // A name that opens with an article of its own ("The Lanterns") is found with it.
    const whole = (this.exact.get(phrase.join(' ')) ?? []).find(accept);
    if (whole) return { entry: whole, distance: 0 };
    const list = stripArticle(phrase);
    if (list.length === 0) return undefined;
    const key = list.join(' ');
    const exact = (this.exact.get(key) ?? []).find(accept);
    if (exact) return { entry: exact, distance: 0 };
    const squeezed = (this.compact.get(compactKey(key)) ?? []).find(accept);
    if (squeezed) return { entry: squeezed, distance: 0 };
    if (list.length === 1 && this.protectedWords.has(key)) return undefined;
    let best: InstanceMatch | undefined;
    let tie = false;
    for (const entry of this.byWordCount.get(list.length) ?? []) {
      if (!accept(entry) || !identifiersAgree(list, entry.words) || saysConceptNoun(list, entry)) continue;
      const allowance = typoAllowance(entry.key.replace(/ /g, '').length);
      if (allowance === 0) continue;
      const distance = typoDistance(key, entry.key, allowance);
      if (distance > allowance) continue;
      if (!best || distance < best.distance) {
        best = { entry, distance };
        tie = false;
      } else if (distance === best.distance && entry.key !== best.entry.key) tie = true;
    }
    return tie ? undefined : best;
  }

  /** Whether the words, as they stand (a leading article included), are an instance's whole name. */
  namesExactly(phrase: readonly string[]): boolean {
    return this.exact.has(phrase.join(' '));
  }

  /** Instances of any concept named exactly (case-insensitively) by the phrase. */
  exactAnyConcept(phrase: readonly string[]): readonly InstanceEntry[] {
    const whole = this.exact.get(phrase.join(' '));
    if (whole) return whole;
    const key = stripArticle(phrase).join(' ');
    return this.exact.get(key) ?? this.compact.get(compactKey(key)) ?? this.pluralOfAny(stripArticle(phrase));
  }

  /** "Which horses are *Cobs*?": a name said in the plural still names that thing, never a new one. */
  private pluralOfAny(phrase: readonly string[]): readonly InstanceEntry[] {
    const last = phrase[phrase.length - 1];
    if (last === undefined || !/s$/.test(last)) return [];
    for (const singular of singularsOf(last)) {
      if (singular === last) continue;
      const found = this.exact.get([...phrase.slice(0, -1), singular].join(' '));
      if (found) return found;
    }
    return [];
  }

  /**
   * Instances mentioned in `tokens[from, to)`, left to right, longest first, not overlapping.
   * `concepts` limits the search; punctuation never sits inside a name.
   */
  spot(tokens: readonly Token[], from: number, to: number, concepts?: ReadonlySet<string>): InstanceMention[] {
    const found: InstanceMention[] = [];
    let index = from;
    while (index < to) {
      let hit: InstanceMention | undefined;
      for (let length = Math.min(this.longest + 2, to - index); length >= 1 && !hit; length--) {
        const slice = tokens.slice(index, index + length);
        if (slice.some((token) => token.punctuation)) continue;
        const match = this.lookup(
          slice.map((token) => token.text),
          concepts,
        );
        // A typo match must have the name's own number of words; an exact one may be spelt apart ("INC 101").
        if (match && (match.distance === 0 || match.entry.words.length === length)) hit = { ...match, from: index, to: index + length };
      }
      if (hit) {
        found.push(hit);
        index = hit.to;
      } else index++;
    }
    return found;
  }
}
