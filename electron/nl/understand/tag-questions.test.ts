/** "Amara leases Comet, doesn't she?": a closing tag question asks the sentence before it. */
import { describe, expect, it } from 'vitest';
import { corpusMap } from '../test-support/corpus';
import { readerOfMap } from '../test-support/reader';

const read = readerOfMap(corpusMap('stables'));

describe('a tag question', () => {
  it('asks the statement before it, said or denied', () => {
    for (const prompt of ["Amara leases Comet, doesn't she?", "Amara doesn't lease Comet, does she?"])
      expect(read(prompt)).toMatchObject({ kind: 'query', query: { relationship: 'leases', subject: 'Amara', object: 'Comet' } });
  });

  it('leaves the statement itself a statement', () => {
    expect(read('Amara leases Comet.')).toMatchObject({
      kind: 'statements',
      facts: { valid: [{ subject: 'Amara', relationship: 'leases', object: 'Comet' }] },
    });
  });
});
