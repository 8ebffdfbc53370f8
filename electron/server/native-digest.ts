/**
 * Node's native SHA-256 for the engine's fact IDs: the same IDs as the engine's pure implementation,
 * several times faster on results with thousands of facts.
 */
import { createHash } from 'node:crypto';
import { useSha256 } from '../engine';

export function installNativeDigest(): void {
  useSha256((text) => createHash('sha256').update(text, 'utf8').digest('hex'));
}
