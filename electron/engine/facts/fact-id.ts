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

export function factIdFor(code: string, subject: string, relationship: string, object: Value, derivationKey?: string): string {
  // The same text as digest([...]) hashes, without building it (results hash thousands of IDs).
  const pieces = piecesFor(code, subject, relationship);
  if (derivationKey === undefined && typeof object === 'string') return pieces.idPrefix + hashAfter(pieces.stringTextStart, object);
  const rest = valueKey(object);
  return pieces.idPrefix + hashAfter(pieces.textStart, derivationKey === undefined ? rest : `${rest}\u0000${derivationKey}`);
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
