/** "Who *led* the dig at Barrow 4?" for the form "Who leads the dig at %S?": the simple past asks the same. */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="site" type="string" />
  <concept name="archaeologist" type="string" />
  <concinst name="Barrow 4" type="site" />
  <concinst name="Nell" type="archaeologist" />
  <rel name="is led by" subject="site" object="archaeologist" plural="false" askable="all">
    <firstForm>Is the dig at %S led by %O?</firstForm>
    <secondFormObject>Who leads the dig at %S?</secondFormObject>
    <secondFormSubject>Which sites does %O lead?</secondFormSubject>
  </rel>
</rbl:kb>`);

describe("the simple past of a form's simple present", () => {
  it('asks the form', () => {
    for (const prompt of ['Who led the dig at Barrow 4?', 'Who leads the dig at Barrow 4?'])
      expect(read(prompt), prompt).toMatchObject({ kind: 'query', query: { relationship: 'is led by', subject: 'Barrow 4' } });
  });
});
