/**
 * Deterministic fact IDs in the platform's form `WA:<code>:<64 hex>`.
 *
 * The hash covers the source code and the triple (plus the derivation for number-object facts, which
 * are kept apart per derivation), never the session: the same map, facts and answers give the same
 * IDs in every session, so saved consultations and regression runs can be compared by ID.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Value } from '../model/types';
import { STRING_KEY_PREFIX, valueKey } from '../values';

/** SHA-256 of a text, as 64 lowercase hex digits. */
export type Sha256Hex = (text: string) => string;

const pureSha256: Sha256Hex = (text) => bytesToHex(sha256(utf8ToBytes(text)));
let sha256Hex: Sha256Hex = pureSha256;

/**
 * Installs a faster SHA-256 (the server and the workbench pass Node's native one). IDs are identical
 * either way; the pure implementation keeps the engine free of Node APIs.
 */
export function useSha256(implementation: Sha256Hex | undefined): void {
  sha256Hex = implementation ?? pureSha256;
}

function digest(parts: readonly string[]): string {
  return sha256Hex(parts.join('\u0000'));
}

/**
 * The strings every ID of one code, subject and relationship starts with. A result lists many facts
 * of one subject and relationship: the last ones are reused rather than built again for each fact
 * (only these constant pieces; every ID is hashed anew).
 */
const lastPieces = { code: '', subject: '', relationship: '', idPrefix: '', textPrefix: '', stringTextPrefix: '' };

function piecesFor(code: string, subject: string, relationship: string): typeof lastPieces {
  const last = lastPieces;
  if (last.code !== code || last.subject !== subject || last.relationship !== relationship) {
    last.code = code;
    last.subject = subject;
    last.relationship = relationship;
    last.idPrefix = `WA:${code}:`;
    last.textPrefix = `${code}\u0000${subject}\u0000${relationship}\u0000`;
    last.stringTextPrefix = last.textPrefix + STRING_KEY_PREFIX;
  }
  return last;
}

export function factIdFor(code: string, subject: string, relationship: string, object: Value, derivationKey?: string): string {
  // The same text as digest([...]) builds, without an array per fact (results hash thousands of IDs).
  const pieces = piecesFor(code, subject, relationship);
  // valueKey(object) for a string is STRING_KEY_PREFIX + object: one concatenation instead of two.
  const text = typeof object === 'string' ? pieces.stringTextPrefix + object : pieces.textPrefix + valueKey(object);
  return pieces.idPrefix + sha256Hex(derivationKey === undefined ? text : `${text}\u0000${derivationKey}`);
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
