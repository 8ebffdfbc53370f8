/**
 * Writes the case-file JSON Schema to docs/schemas/test-case.schema.json from the zod schema.
 * Run after changing `electron/cases/core/model/schema.ts`:
 *
 *   node bin/run-ts.mjs scripts/write-case-schema.ts
 *
 * `electron/cases/core/model/json-schema.test.ts` fails while the checked-in file is stale.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASE_SCHEMA_PATH, testCaseJsonSchema } from '../electron/cases/core';
import { stableStringify } from '../electron/cases/core';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const file = join(root, CASE_SCHEMA_PATH);
writeFileSync(file, stableStringify(testCaseJsonSchema()));
process.stdout.write(`wrote ${CASE_SCHEMA_PATH}\n`);
