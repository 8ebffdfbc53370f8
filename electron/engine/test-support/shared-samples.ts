/**
 * Where the public sample maps live: `../shared/samples` beside the project (CI has it; a user's clone
 * usually does not). Suites that read them say plainly when the folder is absent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const SAMPLES_DIR = resolve(projectRoot, '../shared/samples');
export const samplesPresent = existsSync(SAMPLES_DIR);

if (!samplesPresent) console.warn(`compatibility suite: ${SAMPLES_DIR} not found; the public-sample tests are skipped`);

export function readSample(name: string): string {
  return readFileSync(join(SAMPLES_DIR, name), 'utf8');
}
