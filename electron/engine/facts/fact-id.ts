/**
 * Deterministic fact IDs in the platform's form `WA:<code>:<64 hex>`.
 *
 * The hash covers the source code and the triple (plus the derivation for number-object facts, which
 * are kept apart per derivation), never the session: the same map, facts and answers give the same
 * IDs in every session, so saved consultations and regression runs can be compared by ID.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Value } from '../model/types';
import { STRING_KEY_PREFIX, valueKey } from '../values';
import { BATCH_SLOTS, ONE_BLOCK_BYTES, SLOT_BYTES, sha256x4 } from './sha256x4';

/** SHA-256 of bytes, as 64 lowercase hex digits. It must not keep the array: the caller reuses it. */
export type Sha256Hex = (bytes: Uint8Array) => string;

const pureSha256: Sha256Hex = (bytes) => bytesToHex(sha256(bytes));
let sha256Hex: Sha256Hex = pureSha256;

/**
 * Installs a faster SHA-256 (the server and the workbench pass Node's native one). IDs are identical
 * either way; the pure implementation keeps the engine free of Node APIs.
 */
export function useSha256(implementation: Sha256Hex | undefined): void {
  sha256Hex = implementation ?? pureSha256;
}

const utf8 = new TextEncoder();

function digest(parts: readonly string[]): string {
  return sha256Hex(utf8.encode(parts.join('\u0000')));
}

/**
 * A fact's ID hashes the UTF-8 of "code NUL subject NUL relationship NUL typed object". Every fact a
 * result shows is hashed, so the text is written as bytes into one reused buffer: the constant start
 * once per subject and relationship, then the object. No string and no array is made per ID.
 */
const scratch = new Uint8Array(1024);
/** Views of `scratch` by length, made once each: a hasher takes an array of the exact length. */
const scratchViews: Uint8Array[] = [];
/** The start the buffer holds now. */
let scratchStart: Uint8Array | undefined;

/** SHA-256 of `start` followed by the UTF-8 of `rest`. */
function hashAfter(start: Uint8Array, rest: string): string {
  const end = start.length + rest.length;
  if (end <= scratch.length) {
    if (scratchStart !== start) {
      scratch.set(start);
      scratchStart = start;
    }
    // ASCII (most names and numbers) is its own UTF-8; anything else takes the encoder below.
    let at = start.length;
    for (let index = 0; index < rest.length; index++) {
      const code = rest.charCodeAt(index);
      if (code > 0x7f) break;
      scratch[at++] = code;
    }
    if (at === end) return sha256Hex((scratchViews[end] ??= scratch.subarray(0, end)));
  }
  const restBytes = utf8.encode(rest);
  const bytes = new Uint8Array(start.length + restBytes.length);
  bytes.set(start);
  bytes.set(restBytes, start.length);
  return sha256Hex(bytes);
}

/**
 * The pieces every ID of one code, subject and relationship starts with. A result lists many facts
 * of one subject and relationship: the last ones are reused rather than built again for each fact
 * (only these constant pieces; every ID is hashed anew).
 */
const lastPieces = {
  code: '',
  subject: '',
  relationship: '',
  idPrefix: '',
  textStart: new Uint8Array(0),
  stringTextStart: new Uint8Array(0),
};

function piecesFor(code: string, subject: string, relationship: string): typeof lastPieces {
  const last = lastPieces;
  if (last.code !== code || last.subject !== subject || last.relationship !== relationship) {
    last.code = code;
    last.subject = subject;
    last.relationship = relationship;
    last.idPrefix = `WA:${code}:`;
    const textPrefix = `${code}\u0000${subject}\u0000${relationship}\u0000`;
    last.textStart = utf8.encode(textPrefix);
    // valueKey(object) for a string is STRING_KEY_PREFIX + object.
    last.stringTextStart = utf8.encode(textPrefix + STRING_KEY_PREFIX);
  }
  return last;
}

/**
 * An ID hashes the same text as digest([...]) would, without building it: the constant start of its
 * code, subject and relationship (with the string key's prefix for a plain string object), then the rest.
 */
function messageStart(pieces: typeof lastPieces, object: Value, derivationKey: string | undefined): Uint8Array {
  return derivationKey === undefined && typeof object === 'string' ? pieces.stringTextStart : pieces.textStart;
}

function messageRest(object: Value, derivationKey: string | undefined): string {
  if (derivationKey === undefined) return typeof object === 'string' ? object : valueKey(object);
  return `${valueKey(object)}\u0000${derivationKey}`;
}

export function factIdFor(code: string, subject: string, relationship: string, object: Value, derivationKey?: string): string {
  const pieces = piecesFor(code, subject, relationship);
  return pieces.idPrefix + hashAfter(messageStart(pieces, object, derivationKey), messageRest(object, derivationKey));
}

/** What a fact's ID is made of. */
export interface FactIdParts {
  /** The platform's code of the fact's source (`RF`, `IF`, ...). */
  readonly idCode: string;
  readonly subject: string;
  readonly relationship: string;
  readonly object: Value;
  readonly derivationKey?: string | undefined;
}

/** Below this many IDs one call per ID is as quick as a batch. */
const SMALL_BATCH = 8;
/** The output of a slot: `WA:`, the two-letter code, `:`, 64 hex digits. */
const ID_LENGTH = 70;
const HEX_AT = 6;
const ascii = new TextDecoder();
let outputPrepared = false;

/**
 * The IDs of many facts, in order: the same strings `factIdFor` gives, made faster together. Messages
 * of one SHA-256 block (nearly every ID) are hashed four at a time by the WebAssembly module, whose
 * output holds whole IDs: one decode makes a string of up to 1,024 IDs and each ID is a slice of it.
 * Longer or non-ASCII messages, odd codes and hosts without WebAssembly SIMD take `factIdFor`.
 */
export function factIdsFor(facts: readonly FactIdParts[]): string[] {
  const hasher = facts.length >= SMALL_BATCH ? sha256x4() : undefined;
  if (!hasher) return facts.map((fact) => factIdFor(fact.idCode, fact.subject, fact.relationship, fact.object, fact.derivationKey));
  const { input, output } = hasher;
  if (!outputPrepared) {
    for (let slot = 0; slot < BATCH_SLOTS; slot++) output.set([0x57, 0x41, 0x3a, 0, 0, 0x3a], slot * ID_LENGTH); // WA:..:
    outputPrepared = true;
  }
  const ids = new Array<string>(facts.length);
  /** The fact each slot of the batch hashes. */
  const owners = new Int32Array(BATCH_SLOTS);
  let slots = 0;
  const flush = (): void => {
    hasher.hash(slots, ID_LENGTH, HEX_AT);
    const text = ascii.decode(output.subarray(0, slots * ID_LENGTH));
    for (let slot = 0; slot < slots; slot++) ids[owners[slot]] = text.slice(slot * ID_LENGTH, (slot + 1) * ID_LENGTH);
    slots = 0;
  };
  try {
    for (let index = 0; index < facts.length; index++) {
      const fact = facts[index];
      const { idCode: code, object, derivationKey } = fact;
      const pieces = piecesFor(code, fact.subject, fact.relationship);
      const start = messageStart(pieces, object, derivationKey);
      const rest = messageRest(object, derivationKey);
      const length = asciiPair(code) ? writeOneBlock(input, slots * SLOT_BYTES, start, rest) : -1;
      if (length < 0) {
        ids[index] = pieces.idPrefix + hashAfter(start, rest);
        continue;
      }
      hasher.seal(slots, length);
      const at = slots * ID_LENGTH;
      output[at + 3] = code.charCodeAt(0);
      output[at + 4] = code.charCodeAt(1);
      owners[slots++] = index;
      if (slots === BATCH_SLOTS) flush();
    }
    if (slots > 0) flush();
  } finally {
    // Slots written but not hashed (only if something above threw) must not leak into the next batch.
    if (slots > 0) input.fill(0, 0, slots * SLOT_BYTES);
  }
  return ids;
}

/** True for the two ASCII characters a source code is (the output has room for two). */
function asciiPair(code: string): boolean {
  return code.length === 2 && code.charCodeAt(0) <= 0x7f && code.charCodeAt(1) <= 0x7f;
}

/**
 * Writes `start` and the ASCII `rest` at `at` and gives the length, or -1 (having cleared what it
 * wrote, as the slot must stay zero) when the message is not ASCII or does not fit one block.
 */
function writeOneBlock(input: Uint8Array, at: number, start: Uint8Array, rest: string): number {
  const length = start.length + rest.length;
  if (length > ONE_BLOCK_BYTES) return -1;
  for (let index = 0; index < start.length; index++) input[at + index] = start[index];
  let to = at + start.length;
  for (let index = 0; index < rest.length; index++) {
    const code = rest.charCodeAt(index);
    if (code > 0x7f) {
      input.fill(0, at, to);
      return -1;
    }
    input[to++] = code;
  }
  return length;
}

/** ID of the synthetic 0-certainty fact that stands for an unmet optional condition (never stored). */
export function syntheticIdFor(ruleIndex: number, conditionIndex: number, bindingsKey: string): string {
  return `WA:XX:${digest(['XX', String(ruleIndex), String(conditionIndex), bindingsKey])}`;
}

/** A stable UUID-shaped key for injected and answered facts (`factKey` in evidence). */
export function factKeyFor(factId: string): string {
  const hex = digest(['key', factId]);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
