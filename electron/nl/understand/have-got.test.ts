/**
 * British "have got" is "have" ("Has Hall B got a projector?", "Which halls have got chairs?"), and
 * a closing "in them" of a which-question stands for the things asked about.
 */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="hall" type="string" />
  <concept name="fitting" type="string" />
  <concept name="event" type="string" />
  <concinst name="Hall B" type="hall" />
  <concinst name="Projector" type="fitting" />
  <concinst name="Quiz Night" type="event" />
  <rel name="contains" subject="hall" object="fitting" plural="true" askable="all">
    <firstForm>Does %S have a %O?</firstForm>
    <secondFormObject>Which fittings are kept in %S?</secondFormObject>
  </rel>
  <rel name="takes place in" subject="event" object="hall" plural="false" askable="secondFormObject">
    <secondFormObject>Which hall does %S take place in?</secondFormObject>
  </rel>
</rbl:kb>`);

describe('"have got" and "in them"', () => {
  it('reads "Has X got a Y?" as the form "Does X have a Y?"', () => {
    for (const prompt of ['Has Hall B got a projector?', 'Has the hall Hall B got a projector?'])
      expect(read(prompt), prompt).toMatchObject({
        kind: 'query',
        query: { relationship: 'contains', subject: 'Hall B', object: 'Projector' },
      });
  });

  it('reads "Which halls have got Y (in them)?" as "Which halls have Y?", never a new name "got Y"', () => {
    for (const prompt of [
      'Which halls have got projectors?',
      'Which halls have projectors in them?',
      'What halls have got projectors in them?',
    ])
      expect(read(prompt), prompt).toMatchObject({ kind: 'query', query: { relationship: 'contains', object: 'Projector' } });
  });
});
