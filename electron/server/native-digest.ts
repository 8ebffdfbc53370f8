/**
 * Node's native SHA-256 for the engine's fact IDs: the same IDs as the engine's pure implementation,
 * several times faster on results with thousands of facts.
 */
import * as crypto from 'node:crypto';
import { useSha256 } from '../engine';

export function installNativeDigest(): void {
  // crypto.hash (Node >= 20.12) hashes in one call, without a Hash object: about 2-3x faster.
  const oneShot = (crypto as { hash?: (algorithm: string, data: Uint8Array, encoding: 'hex') => string }).hash;
  useSha256(oneShot ? (bytes) => oneShot('sha256', bytes, 'hex') : (bytes) => crypto.createHash('sha256').update(bytes).digest('hex'));
}
