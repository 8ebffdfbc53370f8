/**
 * "How much is the Standard *ticket*?": the noun of the name's own concept beside it is its
 * apposition, even where a relationship is named by that noun ("has ticket"), so the question is the
 * name's one amount; the noun still names "has ticket" where the name is its value.
 */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="attendee" type="string" />
  <concept name="ticket" type="string" />
  <concept name="amount" type="number" />
  <concinst name="Grace" type="attendee" />
  <concinst name="Standard" type="ticket" />
  <concinst name="VIP" type="ticket" />
  <rel name="has ticket" subject="attendee" object="ticket" plural="false" askable="all">
    <firstForm>Does %S have a %O ticket?</firstForm>
    <secondFormObject>What kind of ticket does %S have?</secondFormObject>
  </rel>
  <rel name="ticket price" subject="ticket" object="amount" plural="false" askable="none" />
</rbl:kb>`);

describe('a concept noun beside its own name', () => {
  it('is the name\'s apposition in a "how much" question', () => {
    expect(read('How much is the Standard ticket?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'ticket price', subject: 'Standard' },
    });
  });

  it('still names the relationship where the name is its value', () => {
    expect(read('Grace has a VIP ticket.')).toMatchObject({
      kind: 'statements',
      facts: { valid: [{ subject: 'Grace', relationship: 'has ticket', object: 'VIP' }] },
    });
  });
});
