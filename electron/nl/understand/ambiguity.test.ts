import { describe, expect, it } from 'vitest';
import { corpusMap } from '../test-support/corpus';
import { readerOf, readerOfMap } from '../test-support/reader';

// Two relationships that "Where does Nell live?" reads equally well: "lives in" and "lives near".
const read = readerOf(
  `<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="tenant" type="string" />
  <concept name="town" type="string" />
  <concept name="landmark" type="string" />
  <rel name="lives in" subject="tenant" object="town" plural="false" canAdd="none">
    <secondFormObject>Which town does %S live in?</secondFormObject>
  </rel>
  <rel name="lives near" subject="tenant" object="landmark" plural="false" canAdd="none" />
  <concinst name="Nell" type="tenant" />
  <concinst name="Dunmore" type="town" />
  <concinst name="Old Bridge" type="landmark" />
</rbl:kb>`,
  Date.UTC(2026, 4, 13),
);

describe('ambiguous prompts', () => {
  it('list the readings considered and offer a quick reply for each, instead of guessing', () => {
    const got = read('Where does Nell live?');
    expect(got.kind).toBe('error');
    if (got.kind !== 'error') return;
    expect(got.error.code).toBe(108);
    expect(got.error.message).toContain("'lives in' of Nell");
    expect(got.error.message).toContain("'lives near' of Nell");
    expect(got.error.suggestedChatResponse).toMatch(/2 ways/);
    expect(got.error.quickReplies).toEqual(['Which town does Nell live in?', 'Nell lives near what?']);
  });

  it('each quick reply reads back as the reading it stands for', () => {
    expect(read('Which town does Nell live in?')).toMatchObject({ kind: 'query', query: { relationship: 'lives in', subject: 'Nell' } });
    expect(read('Nell lives near what?')).toMatchObject({ kind: 'query', query: { relationship: 'lives near', subject: 'Nell' } });
  });

  it('are not ambiguous when the words decide', () => {
    expect(read('Does Nell live near Old Bridge?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'lives near', subject: 'Nell', object: 'Old Bridge' },
    });
    expect(read('Does Nell live in Dunmore?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'lives in', subject: 'Nell', object: 'Dunmore' },
    });
  });

  it('a prompt the reader cannot place says what it recognised and offers questions to pick', () => {
    const got = read('Nell and the weather?');
    expect(got.kind).toBe('error');
    if (got.kind !== 'error') return;
    expect(got.error.suggestedChatResponse).toContain("'Nell' (tenant)");
    expect(got.error.quickReplies?.[0]).toBe('Which town does Nell live in?');
  });
});

describe('ambiguous synonyms', () => {
  // "hourly rate" and "travel fee" are both what a tutor charges: the verb of their sense fits both.
  const readSchool = readerOfMap(corpusMap('music-school'), Date.UTC(2026, 4, 13));

  it('ask which relationship a synonym means, with a quick reply per reading that reads back as it', () => {
    const got = readSchool('What does Mira Castell charge?');
    expect(got.kind).toBe('error');
    if (got.kind !== 'error') return;
    expect(got.error.code).toBe(108);
    expect(got.error.quickReplies).toEqual(['What is the hourly rate of Mira Castell?', 'What is the travel fee of Mira Castell?']);
    for (const [reply, relationship] of [
      [got.error.quickReplies?.[0] ?? '', 'hourly rate'],
      [got.error.quickReplies?.[1] ?? '', 'travel fee'],
    ])
      expect(readSchool(reply)).toMatchObject({ kind: 'query', query: { relationship, subject: 'Mira Castell' } });
  });

  it('a known name followed by a word the reader does not know is a helpful miss, not a new name', () => {
    for (const [prompt, word] of [['What is the venue of the concert of Grade 5 Cello?', 'concert of']]) {
      const got = readSchool(prompt);
      expect(got.kind, prompt).toBe('error');
      if (got.kind !== 'error') continue;
      expect(got.error.suggestedChatResponse).toContain(`'${word}'`);
      expect(got.error.quickReplies?.length ?? 0).toBeGreaterThan(0);
    }
    // A question whose unknown word fits one relationship by its concepts is read, never a new name,
    // and says what it assumed (see concept-reading.ts).
    for (const [prompt, relationship, subject, assumption] of [
      ['Is Ayo coached by Bram?', 'is taught by', 'Ayo', "I took 'coached by' to mean 'is taught by'."],
      ['What instrument is Leo Marsh playing?', 'studies', 'Leo Marsh', "I took 'playing' to mean 'studies'."],
    ])
      expect(readSchool(prompt), prompt).toMatchObject({ kind: 'query', query: { relationship, subject }, assumption });
    // A new name written as a name is still taken as one.
    expect(readSchool('Who teaches Leo Bello?')).toMatchObject({ kind: 'query', query: { subject: 'Leo Bello' } });
  });

  it('a name that opens with a known name may be that one or a new one: the reader asks, and each reply reads back', () => {
    const got = readSchool('Who teaches Ayo Bello?');
    expect(got.kind).toBe('error');
    if (got.kind !== 'error') return;
    expect(got.error.code).toBe(108);
    expect(got.error.suggestedChatResponse).toContain("'Ayo Bello' could be Ayo or a new student 'Ayo Bello'");
    expect(got.error.quickReplies).toEqual(['Who teaches Ayo?', 'Who teaches "Ayo Bello"?']);
    expect(readSchool('Who teaches Ayo?')).toMatchObject({ kind: 'query', query: { relationship: 'is taught by', subject: 'Ayo' } });
    expect(readSchool('Who teaches "Ayo Bello"?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'is taught by', subject: 'Ayo Bello' },
    });
  });

  it('are not ambiguous when a period or the own noun decides', () => {
    expect(readSchool('What does Mira Castell charge per hour?')).toMatchObject({ kind: 'query', query: { relationship: 'hourly rate' } });
    expect(readSchool("What is Mira Castell's fee?")).toMatchObject({ kind: 'query', query: { relationship: 'travel fee' } });
  });
});

describe('cost words that fit several relationships of one thing', () => {
  // The Saddle (tack) has a "repair cost" and a "hire fee per hour": "cost" alone must not pick.
  const readStables = readerOfMap(corpusMap('stables'), Date.UTC(2026, 4, 13));

  it('the action or unit said decides the reading', () => {
    for (const prompt of ['How much does the Saddle cost to hire an hour?', 'How much will it cost to hire the Saddle for an hour?'])
      expect(readStables(prompt), prompt).toMatchObject({ kind: 'query', query: { relationship: 'hire fee per hour', subject: 'Saddle' } });
    expect(readStables('How much does the Saddle cost to fix?')).toMatchObject({ kind: 'query', query: { relationship: 'repair cost' } });
  });

  it('words, an article and a known name never make a new name of another thing', () => {
    // Before, "Hiring the Saddle" was recorded as a new tack (or, failing that, a new horse).
    for (const prompt of ['Hiring the Saddle costs £5 an hour.', 'Repairing the Saddle costs £40.']) {
      const got = readStables(prompt);
      expect(got.kind, prompt).toBe('error');
      expect(got.facts.valid, prompt).toEqual([]);
    }
  });

  it('a statement that fits both records nothing and offers one quick reply per reading, each recording its fact', () => {
    const got = readStables('The Saddle costs £40.');
    expect(got.kind).toBe('error');
    if (got.kind !== 'error') return;
    expect(got.error.code).toBe(108);
    expect(got.facts.valid).toEqual([]);
    expect(got.error.quickReplies).toHaveLength(2);
    const recorded = (got.error.quickReplies ?? []).map((reply) => {
      const back = readStables(reply);
      return back.kind === 'statements' ? back.facts.valid : [];
    });
    expect(recorded).toEqual([
      [{ subject: 'Saddle', relationship: 'repair cost', object: 40, certainty: 100 }],
      [{ subject: 'Saddle', relationship: 'hire fee per hour', object: 40, certainty: 100 }],
    ]);
  });
});

describe('a hyphenated cost name said whole', () => {
  // "call-out fee" and "total charge" of a job share the sense of cost; saying "call-out fee" decides.
  const readJobs = readerOf(
    `<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="job" type="string" />
  <concept name="money" type="number" />
  <rel name="call-out fee" subject="job" object="money" plural="false" askable="secondFormObject" allowUnknown="true">
    <secondFormObject>What is the call-out fee for %S?</secondFormObject>
  </rel>
  <rel name="total charge" subject="job" object="money" plural="false" askable="secondFormObject" allowUnknown="true">
    <secondFormObject>What is the total charge for %S?</secondFormObject>
  </rel>
  <concinst name="Job 41" type="job" />
</rbl:kb>`,
    Date.UTC(2026, 4, 13),
  );

  it('reads the name as said, in a question and in a statement', () => {
    expect(readJobs('Job 41 call-out fee?')).toMatchObject({ kind: 'query', query: { relationship: 'call-out fee', subject: 'Job 41' } });
    expect(readJobs('The call-out fee on Job 41 is £75.')).toMatchObject({
      kind: 'statements',
      facts: { valid: [{ subject: 'Job 41', relationship: 'call-out fee', object: 75, certainty: 100 }] },
    });
  });
});

describe('a "which" noun naming a concept', () => {
  // "has rung" is a tense of "rings at" and also the last word of "quarter peals rung"; only one gives towers.
  const readPeals = readerOf(
    `<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="ringer" type="string" />
  <concept name="tower" type="string" />
  <concept name="count" type="number" />
  <rel name="rings at" subject="ringer" object="tower" plural="true" canAdd="none" />
  <rel name="quarter peals rung" subject="ringer" object="count" plural="false" canAdd="none">
    <secondFormObject>How many quarter peals has %S rung?</secondFormObject>
  </rel>
  <concinst name="Mick" type="ringer" />
  <concinst name="St Mary" type="tower" />
</rbl:kb>`,
    Date.UTC(2026, 4, 13),
  );

  it('never reads a relationship whose object is another kind of value', () => {
    const got = readPeals('Which towers has Mick rung at?');
    expect(got.kind === 'query' ? got.query.relationship : undefined).not.toBe('quarter peals rung');
    expect(readPeals('Which towers does Mick ring at?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'rings at', subject: 'Mick' },
    });
    expect(readPeals('How many quarter peals has Mick rung?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'quarter peals rung', subject: 'Mick' },
    });
  });
});

describe('names said whole', () => {
  // A name that ends with the first word of a relationship's name, and an agent noun that is also a concept.
  const readRehearsal = readerOf(
    `<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="conductor" type="string" />
  <concept name="rehearsal" type="string" />
  <concept name="day" type="date" />
  <rel name="conducts" subject="conductor" object="rehearsal" plural="true" />
  <rel name="rehearsal date" subject="rehearsal" object="day" plural="false" />
  <concinst name="Ida" type="conductor" />
  <concinst name="Late Rehearsal" type="rehearsal" />
</rbl:kb>`,
    Date.UTC(2026, 4, 13),
  );

  it("a yes/no question naming the noun's own instance asks about that one, not who", () => {
    expect(readRehearsal('Is Ida the conductor for the Late Rehearsal?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'conducts', subject: 'Ida', object: 'Late Rehearsal' },
    });
    const who = readRehearsal('Who is the conductor for the Late Rehearsal?');
    expect(who).toMatchObject({ kind: 'query', query: { relationship: 'conducts', object: 'Late Rehearsal' } });
    expect(who.kind === 'query' ? who.query.subject : 'none').toBeUndefined();
  });

  it('never makes a new name of the first words of a known one ("Late" of "Late Rehearsal date?")', () => {
    const got = readRehearsal('Late Rehearsal date?');
    expect(got.kind === 'query' ? got.query.subject : undefined).not.toBe('Late');
    expect(got.kind === 'error' || (got.kind === 'query' && got.query.subject === 'Late Rehearsal')).toBe(true);
  });

  it('reads a name said whole before the rest of a relationship name as its subject ("Late Rehearsal date?")', () => {
    for (const prompt of ['Late Rehearsal date?', 'The Late Rehearsal date?'])
      expect(readRehearsal(prompt)).toMatchObject({ kind: 'query', query: { relationship: 'rehearsal date', subject: 'Late Rehearsal' } });
    // The relationship's own name still reads where no name holds its first word.
    expect(readRehearsal('What is the rehearsal date of the Late Rehearsal?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'rehearsal date', subject: 'Late Rehearsal' },
    });
  });
});
