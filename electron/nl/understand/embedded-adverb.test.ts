/** "…let me know when Kit last had a check-up": an embedded question with an adverb before its verb. */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="climber" type="string" />
  <concept name="day" type="date" />
  <concinst name="Kit Lowe" type="climber" />
  <rel name="last check" subject="climber" object="day" plural="false" askable="secondFormObject">
    <secondFormObject>When did %S last have a harness check?</secondFormObject>
  </rel>
</rbl:kb>`);

describe('an embedded question with an adverb between subject and verb', () => {
  it('is put back in the form question order', () => {
    for (const prompt of [
      'Please can you let me know when Kit Lowe last had a harness check.',
      'Could you tell me when Kit Lowe last had a harness check?',
      'When did Kit Lowe last have a harness check?',
    ])
      expect(read(prompt), prompt).toMatchObject({ kind: 'query', query: { relationship: 'last check', subject: 'Kit Lowe' } });
  });
});
