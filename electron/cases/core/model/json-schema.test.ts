import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../cli/test-support';
import { CASE_SCHEMA_PATH, testCaseJsonSchema } from './json-schema';
import { stableStringify } from './serialize';

describe('the case JSON Schema', () => {
  it('is checked in and current (run `node bin/run-ts.mjs scripts/write-case-schema.ts` after changing the zod schema)', () => {
    const onDisk = readFileSync(join(projectRoot, CASE_SCHEMA_PATH), 'utf8');
    expect(onDisk).toBe(stableStringify(testCaseJsonSchema()));
  });

  it('lets files leave out fields with defaults and forbids unknown ones', () => {
    const schema = testCaseJsonSchema() as { required: string[]; additionalProperties: boolean; properties: Record<string, unknown> };
    expect(schema.required.sort()).toEqual(['formatVersion', 'name', 'query', 'target']);
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties)).toContain('expect');
  });
});
