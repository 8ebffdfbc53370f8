/**
 * Writes `electron/nl/text/irregular-verbs.ts`: the English irregular verbs of the
 * `english-verbs-irregular` package (Apache-2.0), so the reader knows "rung" is a tense of "ring"
 * without a hand-kept list.
 *
 *   node bin/run-ts.mjs scripts/write-irregular-verbs.ts
 *
 * `electron/nl/text/text.test.ts` fails while the checked-in table is stale.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { IRREGULAR_VERBS_PATH, irregularVerbTable } from '../electron/nl/test-support/irregular-verbs-source';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
writeFileSync(join(root, IRREGULAR_VERBS_PATH), irregularVerbTable());
process.stdout.write(`wrote ${IRREGULAR_VERBS_PATH}\n`);
