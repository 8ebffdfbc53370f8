/**
 * An amount said with the verb of one number relationship's name before it and the unit of its
 * value after ("Kestrel flies at 820 g" for "flying weight" in grams), and words that only say when
 * closing it ("these days").
 */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="bird" type="string" />
  <concept name="grams" type="number" />
  <concinst name="Kestrel" type="bird" />
  <rel name="flying weight" subject="bird" object="grams" plural="false" askable="secondFormObject">
    <secondFormObject>What is %S's flying weight, in grams?</secondFormObject>
  </rel>
  <rel name="grams of food per day" subject="bird" object="grams" plural="false" askable="secondFormObject">
    <secondFormObject>How many grams of food does %S get each day?</secondFormObject>
  </rel>
</rbl:kb>`);

describe('an amount said with the verb of one number relationship', () => {
  it('reads the relationship whose own word is the verb said, among those of the unit', () => {
    for (const prompt of ['Kestrel flies at 820 g', 'Kestrel flies at 820g these days', 'Kestrel flies at 820 grams at the moment'])
      expect(read(prompt), prompt).toMatchObject({
        kind: 'statements',
        facts: { valid: [{ subject: 'Kestrel', relationship: 'flying weight', object: 820 }] },
      });
  });

  it('records nothing when no verb tells the amounts of that unit apart', () => {
    expect(read('Kestrel weighs 820 g these days')).not.toMatchObject({ kind: 'statements' });
  });
});

const clocks = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="clock" type="string" />
  <concept name="money" type="number" />
  <concept name="part" type="string" />
  <concinst name="Long Case 3" type="clock" />
  <concinst name="Mainspring" type="part" />
  <rel name="needs a new" subject="clock" object="part" plural="true" askable="secondFormObject">
    <secondFormObject>Which parts does %S need replaced?</secondFormObject>
  </rel>
  <rel name="estimate" subject="clock" object="money" plural="false" askable="secondFormObject">
    <secondFormObject>What is the estimate for %S?</secondFormObject>
  </rel>
  <rel name="parts cost" subject="clock" object="money" plural="false" askable="secondFormObject">
    <secondFormObject>How much do the parts for %S cost?</secondFormObject>
  </rel>
</rbl:kb>`);

// The parts are things of the map (a concept), so "the parts" opens a clause of its own.
describe('a follow-on amount said by a word of its name before it', () => {
  it("takes the clause before's subject", () => {
    expect(clocks('The estimate for Long Case 3 is £275 and the parts come to £60.80')).toMatchObject({
      kind: 'statements',
      facts: {
        valid: [
          { subject: 'Long Case 3', relationship: 'estimate', object: 275 },
          { subject: 'Long Case 3', relationship: 'parts cost', object: 60.8 },
        ],
      },
    });
  });

  it('is never said with "be" alone', () => {
    expect(clocks('The estimate for Long Case 3 is £275 and the parts are £60.80')).not.toMatchObject({
      facts: { valid: [{}, { relationship: 'parts cost' }] },
    });
  });
});
