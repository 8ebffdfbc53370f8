/**
 * A yes/no relationship whose question says more than its name ("Is %S a listed building?" for
 * "is listed"): stated with the rest of that question, the fact is true; with other words, nothing.
 */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="house" type="string" />
  <concept name="flag" type="truth" />
  <concinst name="Ivy House" type="house" />
  <rel name="is thatched" subject="house" object="flag" plural="false" askable="secondFormObject">
    <secondFormObject>Is %S a thatched cottage?</secondFormObject>
  </rel>
</rbl:kb>`);

describe('a yes/no question of the map said as a statement', () => {
  it('records the fact as true', () => {
    expect(read('Ivy House is a thatched cottage.')).toMatchObject({
      kind: 'statements',
      facts: { valid: [{ subject: 'Ivy House', relationship: 'is thatched', object: true }] },
    });
  });

  it('records nothing with words the question does not say', () => {
    expect(read('Ivy House is a thatched barn.')).not.toMatchObject({ kind: 'statements' });
  });
});
