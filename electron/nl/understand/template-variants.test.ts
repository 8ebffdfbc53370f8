import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

// A form ending in a preposition next to another relationship whose form shares its verb.
const reader = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="parcel" type="string" />
  <concept name="depot" type="string" />
  <concept name="day" type="date" />
  <rel name="shipped to" subject="parcel" object="depot" plural="false" askable="all">
    <firstForm>Is %S being shipped to %O?</firstForm>
    <secondFormObject>Where is %S being shipped to?</secondFormObject>
    <secondFormSubject>Which parcels are shipped to %O?</secondFormSubject>
  </rel>
  <rel name="shipping date" subject="parcel" object="day" plural="false" askable="secondFormObject">
    <secondFormObject>When is %S being shipped?</secondFormObject>
  </rel>
  <concinst name="Parcel 7" type="parcel" />
  <concinst name="North Depot" type="depot" />
</rbl:kb>`);
const read = (prompt: string): unknown => {
  const got = reader(prompt);
  return got.kind === 'query' ? got.query : got.kind;
};

describe("other wordings of the map's question forms", () => {
  it("reads a question that leaves out the form's closing preposition", () => {
    expect(read('Where is Parcel 7 being shipped?')).toEqual({ relationship: 'shipped to', subject: 'Parcel 7' });
    expect(read('where is parcel 7 being shipped')).toEqual({ relationship: 'shipped to', subject: 'Parcel 7' });
    expect(read('When is Parcel 7 being shipped?')).toEqual({ relationship: 'shipping date', subject: 'Parcel 7' });
  });

  it('reads an embedded question with its auxiliary after the subject, and closing words that add nothing', () => {
    expect(read('Could you tell me where Parcel 7 is being shipped to?')).toEqual({ relationship: 'shipped to', subject: 'Parcel 7' });
    expect(read('Where is Parcel 7 being shipped to, please?')).toEqual({ relationship: 'shipped to', subject: 'Parcel 7' });
    expect(read('Do you know when Parcel 7 is being shipped, thanks?')).toEqual({ relationship: 'shipping date', subject: 'Parcel 7' });
  });

  it('reads a negative yes/no question as the positive form asks it', () => {
    expect(read("Isn't Parcel 7 being shipped to North Depot?")).toEqual({
      relationship: 'shipped to',
      subject: 'Parcel 7',
      object: 'North Depot',
    });
  });
});

describe("a short unit for the form's written-out unit", () => {
  const trails = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="trail" type="string" />
  <concept name="number" type="number" />
  <rel name="trail length" subject="trail" object="number" plural="false" askable="secondFormObject">
    <secondFormObject>How long is %S, in kilometres?</secondFormObject>
  </rel>
  <concinst name="Ridge Walk" type="trail" />
  <concinst name="Ridge Walk Long" type="trail" />
</rbl:kb>`);
  const ask = (prompt: string): unknown => {
    const got = trails(prompt);
    return got.kind === 'query' ? got.query : got.kind;
  };

  it('reads "in km" as "in kilometres", in lower case without a question mark too', () => {
    expect(ask('How long is Ridge Walk in km?')).toEqual({ relationship: 'trail length', subject: 'Ridge Walk' });
    expect(ask('how long is the ridge walk long in km')).toEqual({ relationship: 'trail length', subject: 'Ridge Walk Long' });
  });

  it("does not read another unit as the form's", () => {
    expect(ask('How long is Ridge Walk in miles?')).not.toEqual({ relationship: 'trail length', subject: 'Ridge Walk' });
  });
});
