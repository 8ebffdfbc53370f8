/**
 * Values by object value, kept in insertion order with the semantics of a `Map<Value, T>`
 * (SameValueZero keys; setting an existing key keeps its place; a deleted key set again goes last).
 *
 * Why not a Map: a gathering join concludes 10^5 facts of one (relationship, subject), and looking
 * each new object up in a Map of that size cost about a fifth of the query. V8's table walks a bucket
 * chain and reads the header of every key on it, each a cache miss in a table that size. Here a
 * string key's hash is computed once from its characters and kept beside it: a probe reads the index
 * and, only when the hashes agree, the key. Tables up to `SMALL` entries (nearly all) stay a Map.
 */
import type { Value } from '../model/types';

/**
 * Up to this many entries a plain Map is used: it is smaller, and quicker while its table stays in
 * the cache (the 10^3 and 10^4 joins measured 10% slower with this table; 10^5 faster).
 */
const SMALL = 16_384;
const EMPTY = 0;
const DELETED = -1;

export class ObjectTable<T> {
  /** The entries while they are few; then `hashed` holds them. */
  private small: Map<Value, T> | undefined = new Map();
  private hashed: HashedEntries<T> | undefined;

  get size(): number {
    return this.small ? this.small.size : this.hashed!.size;
  }

  get(key: Value): T | undefined {
    return this.small ? this.small.get(key) : this.hashed!.get(key);
  }

  set(key: Value, value: T): void {
    const small = this.small;
    if (!small) return this.hashed!.set(key, value);
    small.set(key, value);
    if (small.size > SMALL) {
      this.hashed = new HashedEntries(small);
      this.small = undefined;
    }
  }

  /** Stores `value` unless the key has a value already, which is returned instead. */
  setIfAbsent(key: Value, value: T): T | undefined {
    if (!this.small) return this.hashed!.setIfAbsent(key, value);
    const existing = this.small.get(key);
    if (existing === undefined) this.set(key, value);
    return existing;
  }

  /** True when the key was there. */
  delete(key: Value): boolean {
    return this.small ? this.small.delete(key) : this.hashed!.delete(key);
  }

  /**
   * Entries in insertion order. As with a Map's iterator, entries added while iterating are visited
   * and entries deleted while iterating are not (`TripleMap.prune` deletes as it goes).
   */
  entries(): IterableIterator<[Value, T]> {
    return this.small ? this.small.entries() : this.hashed!.entries();
  }

  *valuesInOrder(): IterableIterator<T> {
    for (const [, value] of this.entries()) yield value;
  }
}

/** The entries of a large table: arrays in insertion order, string keys found through their hashes. */
class HashedEntries<T> {
  /** A deleted entry's value is undefined (values are never undefined). */
  private keys: Value[] = [];
  private values: (T | undefined)[] = [];
  /** The hash of each string key, and -1 for other keys. */
  private hashes: number[] = [];
  /** Open addressing over string keys: entry + 1, EMPTY or DELETED. */
  private index = new Int32Array(0);
  /** Where the other keys' entries are. */
  private others = new Map<Value, number>();
  private live = 0;
  private used = 0;

  /** Takes a Map's entries, in its order. */
  constructor(from: Map<Value, T>) {
    for (const [key, value] of from) {
      if (typeof key === 'string') this.hashes.push(hashOf(key));
      else {
        this.others.set(key, this.keys.length);
        this.hashes.push(-1);
      }
      this.keys.push(key);
      this.values.push(value);
      this.live++;
    }
    this.rebuild();
  }

  get size(): number {
    return this.live;
  }

  get(key: Value): T | undefined {
    const at = this.find(key);
    return at < 0 ? undefined : this.values[at];
  }

  set(key: Value, value: T): void {
    const at = this.find(key);
    if (at >= 0) this.values[at] = value;
    else this.append(key, value);
  }

  setIfAbsent(key: Value, value: T): T | undefined {
    if (typeof key !== 'string') {
      const at = this.others.get(key);
      if (at !== undefined) return this.values[at];
      this.append(key, value);
      return undefined;
    }
    const hash = hashOf(key);
    const index = this.index;
    const mask = index.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = index[slot];
      if (entry === EMPTY) break;
      if (entry !== DELETED && this.hashes[entry - 1] === hash && this.keys[entry - 1] === key) return this.values[entry - 1];
    }
    this.appendString(key, hash, value);
    return undefined;
  }

  delete(key: Value): boolean {
    if (typeof key !== 'string') {
      const at = this.others.get(key);
      if (at === undefined) return false;
      this.others.delete(key);
      this.drop(at);
      return true;
    }
    const hash = hashOf(key);
    const index = this.index;
    const mask = index.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = index[slot];
      if (entry === EMPTY) return false;
      if (entry !== DELETED && this.hashes[entry - 1] === hash && this.keys[entry - 1] === key) {
        index[slot] = DELETED;
        this.drop(entry - 1);
        return true;
      }
    }
  }

  *entries(): IterableIterator<[Value, T]> {
    for (let at = 0; at < this.keys.length; at++) {
      const value = this.values[at];
      if (value !== undefined) yield [this.keys[at], value];
    }
  }

  /** The entry of a key, or -1. */
  private find(key: Value): number {
    if (typeof key !== 'string') return this.others.get(key) ?? -1;
    const hash = hashOf(key);
    const index = this.index;
    const mask = index.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = index[slot];
      if (entry === EMPTY) return -1;
      if (entry !== DELETED && this.hashes[entry - 1] === hash && this.keys[entry - 1] === key) return entry - 1;
    }
  }

  private append(key: Value, value: T): void {
    if (typeof key === 'string') {
      this.appendString(key, hashOf(key), value);
      return;
    }
    this.others.set(key, this.keys.length);
    this.keys.push(key);
    this.values.push(value);
    this.hashes.push(-1);
    this.live++;
  }

  private appendString(key: string, hash: number, value: T): void {
    if ((this.used + 1) * 2 > this.index.length) this.rebuild();
    const index = this.index;
    const mask = index.length - 1;
    let slot = hash & mask;
    while (index[slot] !== EMPTY) slot = (slot + 1) & mask;
    index[slot] = this.keys.length + 1;
    this.keys.push(key);
    this.values.push(value);
    this.hashes.push(hash);
    this.live++;
    this.used++;
  }

  private drop(at: number): void {
    this.values[at] = undefined;
    this.live--;
  }

  /** Drops deleted entries and indexes the string keys anew, with room to double. */
  private rebuild(): void {
    if (this.live < this.keys.length) {
      const keys: Value[] = [];
      const values: T[] = [];
      const hashes: number[] = [];
      this.others.clear();
      for (let at = 0; at < this.keys.length; at++) {
        const value = this.values[at];
        if (value === undefined) continue;
        if (this.hashes[at] < 0) this.others.set(this.keys[at], keys.length);
        keys.push(this.keys[at]);
        values.push(value);
        hashes.push(this.hashes[at]);
      }
      this.keys = keys;
      this.values = values;
      this.hashes = hashes;
    }
    let strings = 0;
    for (const hash of this.hashes) if (hash >= 0) strings++;
    let capacity = 16;
    while (capacity < strings * 4) capacity *= 2;
    const index = new Int32Array(capacity);
    const mask = capacity - 1;
    for (let at = 0; at < this.hashes.length; at++) {
      const hash = this.hashes[at];
      if (hash < 0) continue;
      let slot = hash & mask;
      while (index[slot] !== EMPTY) slot = (slot + 1) & mask;
      index[slot] = at + 1;
    }
    this.index = index;
    this.used = strings;
  }
}

/** FNV-1a of the characters, made non-negative (a string's hash, computed here as V8's is not exposed). */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  return hash >>> 1;
}
