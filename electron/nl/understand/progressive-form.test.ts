/** "Who is coaching Ann on the court?" for the form "Who coaches %S on the court?". */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="player" type="string" />
  <rel name="is coached by" subject="player" object="player" plural="false" askable="all">
    <secondFormObject>Who coaches %S on the court?</secondFormObject>
  </rel>
  <concinst name="Ann" type="player" />
  <concinst name="Bea" type="player" />
</rbl:kb>`);

describe("the progressive for a form's simple present", () => {
  it('asks the same question', () => {
    for (const prompt of ['Who coaches Ann on the court?', 'Who is coaching Ann on the court?', "Who's coaching Ann on the court?"])
      expect(read(prompt)).toMatchObject({ kind: 'query', query: { relationship: 'is coached by', subject: 'Ann' } });
  });
});
