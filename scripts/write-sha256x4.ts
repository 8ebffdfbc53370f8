/**
 * Writes `electron/engine/facts/sha256x4-wasm.ts`: the four-lane WebAssembly SIMD SHA-256 that hashes
 * fact IDs four at a time, assembled from the text in `electron/engine/test-support/sha256x4-source.ts`
 * (the .wasm is kept as base64 in a TypeScript module, not as a build artifact).
 *
 *   node bin/run-ts.mjs scripts/write-sha256x4.ts
 *
 * `electron/engine/facts/sha256x4.test.ts` fails while the checked-in module is stale.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHA256X4_MODULE_PATH, sha256x4Module } from '../electron/engine/test-support/sha256x4-source';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
writeFileSync(join(root, SHA256X4_MODULE_PATH), await sha256x4Module());
process.stdout.write(`wrote ${SHA256X4_MODULE_PATH}\n`);
