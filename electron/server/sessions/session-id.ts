/**
 * Session IDs: UUIDs of version 7 (RFC 9562), whose first 48 bits are the time in milliseconds.
 * Clients treat them as opaque UUIDs, as the platform's; being time-ordered, new sessions and their
 * journal steps land at the end of SQLite's indexes instead of on random pages, which keeps the
 * commits of a busy server to a few hot pages.
 */
import { randomBytes } from 'node:crypto';

/** Random bytes drawn 4 KB at a time: one call into the CSPRNG per 256 IDs, not one per ID. */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

function random16(): Buffer {
  if (poolOffset + 16 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolOffset, poolOffset + 16));
  poolOffset += 16;
  return bytes;
}

export function newSessionId(now: number = Date.now()): string {
  const bytes = random16();
  let time = Math.max(0, Math.floor(now));
  for (let index = 5; index >= 0; index -= 1) {
    bytes[index] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70; // version 7
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
