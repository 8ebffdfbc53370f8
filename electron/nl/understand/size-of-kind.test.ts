/** "Owls are a team of 6": a known thing said to be "a <its concept> of <number>" has that "<concept> size". */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const read = readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="team" type="string" />
  <concept name="room" type="string" />
  <concept name="players" type="number" />
  <concinst name="Owls" type="team" />
  <concinst name="Vault" type="room" />
  <rel name="team size" subject="team" object="players" plural="false" askable="secondFormObject">
    <secondFormObject>How many players are in %S?</secondFormObject>
  </rel>
  <rel name="has booked" subject="team" object="room" plural="true" askable="secondFormObject">
    <secondFormObject>Which room has %S booked?</secondFormObject>
  </rel>
</rbl:kb>`);

describe('"a <concept> of <number>"', () => {
  it('states the size the map names after the concept', () => {
    expect(read("Owls are a team of 6, and they've booked Vault.")).toMatchObject({
      kind: 'statements',
      facts: {
        valid: [
          { subject: 'Owls', relationship: 'team size', object: 6 },
          { subject: 'Owls', relationship: 'has booked', object: 'Vault' },
        ],
      },
    });
  });

  it('is no size when more words follow the number', () => {
    expect(read('Owls are a team of 6 friends from work.')).not.toMatchObject({ kind: 'statements' });
  });
});
