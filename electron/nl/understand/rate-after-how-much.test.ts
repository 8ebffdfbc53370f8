/** "How much per month is the Hot Desk plan?": a rate said straight after "how much" is read at the end. */
import { describe, expect, it } from 'vitest';
import { corpusMap } from '../test-support/corpus';
import { readerOfMap } from '../test-support/reader';

const read = readerOfMap(corpusMap('coworking'));

describe('a rate after "how much"', () => {
  it('asks the rate', () => {
    for (const prompt of ['How much per month is the Hot Desk plan?', 'How much a month is Hot Desk?', 'How much is Hot Desk per month?'])
      expect(read(prompt)).toMatchObject({ kind: 'query', query: { relationship: 'monthly rate', subject: 'Hot Desk' } });
  });
});
