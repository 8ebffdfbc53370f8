/** "How old is %S?" also reads the statement it asks for: "Ines is 19 (years old)". */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="member" type="string" />
  <concept name="years" type="number" />
  <concept name="centimetres" type="number" />
  <concinst name="Ines Roy" type="member" />
  <rel name="age" subject="member" object="years" plural="false" askable="secondFormObject">
    <secondFormObject>How old is %S?</secondFormObject>
  </rel>
  <rel name="height" subject="member" object="centimetres" plural="false" askable="secondFormObject">
    <secondFormObject>How tall is %S?</secondFormObject>
  </rel>
</rbl:kb>`);

describe('statements of a "How <adjective> is %S?" form', () => {
  it('reads the value with the adjective, and a bare number as an age', () => {
    for (const prompt of ['Ines Roy is 19 years old.', 'Ines Roy is 19.'])
      expect(read(prompt), prompt).toMatchObject({
        kind: 'statements',
        facts: { valid: [{ subject: 'Ines Roy', relationship: 'age', object: 19 }] },
      });
    expect(read('Ines Roy is 172 cm tall.')).toMatchObject({
      kind: 'statements',
      facts: { valid: [{ subject: 'Ines Roy', relationship: 'height', object: 172 }] },
    });
  });

  it('keeps the certainty said before it and the question after it', () => {
    expect(read("I'm fairly sure Ines Roy is 19. How tall is she?")).toMatchObject({
      kind: 'query',
      query: { relationship: 'height', subject: 'Ines Roy' },
      facts: { valid: [{ subject: 'Ines Roy', relationship: 'age', object: 19, certainty: 80 }] },
    });
  });
});
