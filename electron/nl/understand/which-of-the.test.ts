/** "Which of the clocks have stopped?" asks what "Which clocks have stopped?" asks. */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="clock" type="string" />
  <concept name="fault" type="string" />
  <concinst name="Mantel" type="clock" />
  <concinst name="Stopped" type="fault" />
  <rel name="has fault" subject="clock" object="fault" plural="true" askable="all">
    <firstForm>Is %S showing the fault %O?</firstForm>
    <secondFormObject>What is wrong with %S?</secondFormObject>
  </rel>
</rbl:kb>`);

describe('"which of the <nouns>"', () => {
  it('is "which <nouns>"', () => {
    for (const prompt of ['Which of the clocks have stopped?', 'Which clocks have stopped?'])
      expect(read(prompt), prompt).toMatchObject({ kind: 'query', query: { relationship: 'has fault', object: 'Stopped' } });
  });
});
