/**
 * A question in words the map does not use ("Which mechanic looks after Sea Otter?") read by its
 * concepts: the one relationship joining the named thing to what is asked, with the assumption said;
 * several are asked; a statement, a feeling, an opposite or a word of another relationship never.
 */
import { describe, expect, it } from 'vitest';
import { createSession, loadMap } from '../../engine';
import { NaturalLanguageService } from '../index';
import { readerOf } from '../test-support/reader';

const BOATYARD = `<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="boat" type="string" />
  <concept name="mechanic" type="string" />
  <concept name="customer" type="string" />
  <concept name="berth" type="string" />
  <concept name="engine type" type="string" />
  <concept name="day" type="date" />
  <concinst name="Sea Otter" type="boat" />
  <concinst name="Ravi" type="mechanic" />
  <concinst name="Tomas" type="mechanic" />
  <concinst name="Ann Lee" type="customer" />
  <concinst name="Pontoon C" type="berth" />
  <concinst name="Diesel" type="engine type" />
  <rel name="is serviced by" subject="boat" object="mechanic" plural="true" askable="all" allowUnknown="true">
    <firstForm>Is %S serviced by %O?</firstForm>
    <secondFormObject>Which mechanic services %S?</secondFormObject>
    <secondFormSubject>Which boats does %O service?</secondFormSubject>
  </rel>
  <rel name="could be repaired by" subject="boat" object="mechanic" plural="true" askable="none" />
  <rel name="was bought by" subject="boat" object="customer" plural="false" askable="all" allowUnknown="true">
    <firstForm>Was %S bought by %O?</firstForm>
    <secondFormObject>Who bought %S?</secondFormObject>
    <secondFormSubject>Which boats did %O buy?</secondFormSubject>
  </rel>
  <rel name="is moored at" subject="boat" object="berth" plural="false" askable="all" allowUnknown="true">
    <firstForm>Is %S moored at %O?</firstForm>
    <secondFormObject>Where is %S moored?</secondFormObject>
    <secondFormSubject>Which boats are moored at %O?</secondFormSubject>
  </rel>
  <rel name="last serviced on" subject="boat" object="day" plural="false" askable="secondFormObject" allowUnknown="true">
    <secondFormObject>When was %S last serviced?</secondFormObject>
  </rel>
  <rel name="is certified for" subject="mechanic" object="engine type" plural="true" askable="all" allowUnknown="true">
    <firstForm>Is %S certified for %O engines?</firstForm>
    <secondFormObject>Which engine types is %S certified for?</secondFormObject>
    <secondFormSubject>Which mechanics are certified for %O engines?</secondFormSubject>
  </rel>
  <rel name="is mentored by" subject="mechanic" object="mechanic" plural="false" askable="all" allowUnknown="true">
    <firstForm>Is %S mentored by %O?</firstForm>
    <secondFormObject>Who mentors %S?</secondFormObject>
    <secondFormSubject>Who does %O mentor?</secondFormSubject>
  </rel>
</rbl:kb>`;

const read = readerOf(BOATYARD);

describe('a question read by its concepts', () => {
  it('reads the one relationship joining the named thing to the concept asked for, and says so', () => {
    expect(read('Which mechanic looks after Sea Otter?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'is serviced by', subject: 'Sea Otter' },
      assumption: "I took 'looks after' to mean 'is serviced by'.",
      facts: { unmatched: [] },
    });
  });

  it('reads a yes/no question about two names joined by one relationship', () => {
    expect(read('Is Ravi qualified to work on Diesel engines?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'is certified for', subject: 'Ravi', object: 'Diesel' },
    });
  });

  it('takes the name after an active verb as acted on ("Who trains Ravi?" asks who mentors Ravi)', () => {
    expect(read('Who trains Ravi?')).toMatchObject({ kind: 'query', query: { relationship: 'is mentored by', subject: 'Ravi' } });
  });

  it('prefers a relationship without a modal the question does not say, as the reader does elsewhere', () => {
    expect(read('Which mechanic takes care of Sea Otter?')).toMatchObject({
      kind: 'query',
      query: { relationship: 'is serviced by', subject: 'Sea Otter' },
    });
    expect(read('Which mechanic could take care of Sea Otter?')).toMatchObject({ kind: 'error', error: { code: 108 } });
  });

  it('asks which is meant when several relationships fit, with a quick reply for each', () => {
    const got = read('Who looks after Sea Otter?');
    expect(got).toMatchObject({ kind: 'error', error: { code: 108 } });
    if (got.kind !== 'error') return;
    expect(got.error.quickReplies).toEqual(['Which mechanic services Sea Otter?', 'Who bought Sea Otter?']);
    expect(got.error.suggestedChatResponse).toContain("'looks after'");
  });

  it('never reads a statement by its concepts: no fact the user did not say', () => {
    const got = read('Ravi looks after Sea Otter.');
    expect(got.kind).toBe('error');
    expect(got.facts.valid).toEqual([]);
  });

  it('never takes a feeling, a negation, the opposite of the relationship or a word of another relationship', () => {
    for (const prompt of [
      'Which mechanic hates Sea Otter?',
      "Which mechanic doesn't look after Sea Otter?",
      'Which customer sold Sea Otter?',
      'Which mechanic moored Sea Otter?',
      "Who are Sea Otter's carers?",
    ])
      expect(read(prompt).kind, prompt).toBe('error');
  });

  it('never reads more than one verb-led question: a comparison, a request, a second sentence', () => {
    for (const prompt of [
      'Is Ravi more skilled than Tomas?',
      'Is Ravi older than Tomas?',
      'Can you tell me whether Ravi looks after Sea Otter?',
      'Sea Otter is lovely. Which mechanic looks after it?',
      'Which mechanic looks after Sea Otter? And who owns her?',
    ])
      expect(read(prompt), prompt).toMatchObject({ kind: 'error', error: { code: 101 } });
  });

  it('leaves a question whose asked concept no relationship reaches to the ordinary miss', () => {
    const got = read('Which berth looks after Ravi?');
    expect(got).toMatchObject({ kind: 'error', error: { code: 101 } });
  });
});

describe('the /nl/interact reply of a question read by its concepts', () => {
  it('answers it and says the assumption in the map words', async () => {
    const loaded = loadMap(BOATYARD);
    if (!loaded.map) throw new Error('the test map does not load');
    const map = loaded.map;
    const clock = (): number => Date.UTC(2026, 4, 13, 10);
    const service = new NaturalLanguageService({ clock });
    const session = createSession(map, { id: 'concepts', kmVersionId: 'test', clock });
    const reply = await service.interact({ sessionID: 'concepts', session, map }, 'Which mechanic looks after Sea Otter?');
    expect(reply.body).toMatchObject({
      query: { subject: 'Sea Otter', relationship: 'is serviced by', object: null },
      assumption: "I took 'looks after' to mean 'is serviced by'.",
    });
    expect(reply.body.responseType).not.toBe('error');
  });
});
