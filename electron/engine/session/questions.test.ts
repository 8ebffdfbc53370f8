import { describe, expect, it } from 'vitest';
import { asQuestion, errorOf, rbl, rows, sessionOf, value } from '../test-support/harness';

/** A club whose membership depends on sports played (plural), a home town, and grouped contact questions. */
const CLUB = rbl(`
  <concept name="Person" type="string"/>
  <concept name="Sport" type="string"/>
  <concept name="Town" type="string"/>
  <concept name="Membership" type="string"/>
  <concept name="Years" type="number"/>
  <concept name="Day" type="date"/>
  <concept name="Flag" type="truth"/>
  <rel name="plays" subject="Person" object="Sport" plural="true" canAdd="none">
    <firstForm>Does %S play %O?</firstForm>
    <secondFormObject>Which sports does %S play?</secondFormObject>
  </rel>
  <rel name="lives in" subject="Person" object="Town" askable="secondFormSubject" group="contact"/>
  <rel name="home town" subject="Person" object="Town" askable="secondFormObject" group="contact" allowCF="false">
    <secondFormObject>What is the home town of %S?</secondFormObject>
  </rel>
  <rel name="member years" subject="Person" object="Years" askable="secondFormObject" group="contact"/>
  <rel name="joined on" subject="Person" object="Day" askable="secondFormObject"/>
  <rel name="is veteran" subject="Person" object="Flag" askable="secondFormObject"/>
  <rel name="gets" subject="Person" object="Membership" askable="none"/>
  <concinst name="Tennis" type="Sport"/><concinst name="Chess" type="Sport"/><concinst name="Golf" type="Sport"/>
  <concinst name="Leeds" type="Town"/><concinst name="York" type="Town"/>
  <concinst name="Full" type="Membership"/><concinst name="Local" type="Membership"/><concinst name="Senior" type="Membership"/>
  <relinst type="gets" object="Full"><condition rel="plays" subject="%S" object="Tennis"/></relinst>
  <relinst type="gets" object="Local"><condition rel="home town" subject="%S" object="%T"/><condition rel="lives in" subject="%S" object="%T"/></relinst>
  <relinst type="gets" object="Senior">
    <condition rel="joined on" subject="%S" object="%D"/>
    <condition rel="is veteran" subject="%S" object="true"/>
    <condition expression="%D lt 2000-01-01"/>
  </relinst>
`);

describe('question forms and records', () => {
  it('asks a first-form question when both ends are known and askable is all', async () => {
    const session = sessionOf(CLUB);
    const question = asQuestion(value(await session.query({ subject: 'Sam', relationship: 'gets', object: 'Full' }))).question;
    expect(question).toMatchObject({
      type: 'First Form',
      subject: 'Sam',
      relationship: 'plays',
      object: 'Tennis',
      prompt: 'Does Sam play Tennis?',
      canAdd: false,
      concepts: [],
    });
    expect(
      rows(value(await session.respond([{ subject: 'Sam', relationship: 'plays', object: 'Tennis', answer: 'yes', certainty: 90 }]))),
    ).toEqual([['Sam', 'Full', 90]]);
  });

  it('treats a first-form "no" as no fact and never asks it again', async () => {
    const session = sessionOf(CLUB);
    asQuestion(value(await session.query({ subject: 'Sam', relationship: 'gets', object: 'Full' })));
    expect(
      rows(value(await session.respond([{ subject: 'Sam', relationship: 'plays', object: 'Tennis', answer: 'no', certainty: 100 }]))),
    ).toEqual([]);
    expect(rows(value(await session.query({ subject: 'Sam', relationship: 'gets', object: 'Full' })))).toEqual([]);
  });

  it('takes several answers to a plural question and refuses values outside the choices when canAdd is none', async () => {
    const session = sessionOf(CLUB);
    value(
      session.inject([
        { subject: 'Sam', relationship: 'is veteran', object: false, certainty: 100 },
        { subject: 'Sam', relationship: 'joined on', object: '2010-05-01', certainty: 100 },
      ]),
    );
    const question = asQuestion(value(await session.query({ subject: 'Sam', relationship: 'plays' }))).question;
    expect(question).toMatchObject({ type: 'Second Form Object', plural: true, canAdd: false, prompt: 'Which sports does Sam play?' });
    expect(errorOf(await session.respond([{ subject: 'Sam', relationship: 'plays', object: 'Quidditch', certainty: 100 }]))).toEqual([
      "answers[0]: 'Quidditch' is not one of the choices for 'plays', and new values are not allowed",
    ]);
    const result = value(
      await session.respond(['Tennis', 'Chess'].map((object) => ({ subject: 'Sam', relationship: 'plays', object, certainty: 100 }))),
    );
    expect(rows(result)).toEqual([
      ['Sam', 'Tennis', 100],
      ['Sam', 'Chess', 100],
    ]);
  });

  it('groups relationships sharing a group and subject concept into extraQuestions answered in one batch', async () => {
    const session = sessionOf(CLUB);
    value(session.inject([{ subject: 'Sam', relationship: 'plays', object: 'Golf', certainty: 100 }]));
    const response = asQuestion(value(await session.query({ subject: 'Sam', relationship: 'gets', object: 'Local' })));
    expect(response.question).toMatchObject({ relationship: 'home town', prompt: 'What is the home town of Sam?', allowCF: false });
    expect(response.extraQuestions?.map((question) => question.relationship)).toEqual(['member years']);
    const next = asQuestion(
      value(
        await session.respond([
          { subject: 'Sam', relationship: 'home town', object: 'York', certainty: 40 },
          { subject: 'Sam', relationship: 'member years', object: '12', certainty: 100 },
        ]),
      ),
    );
    // allowCF="false": the answer counts as certain. The second condition asks the second form subject.
    expect(next.question).toMatchObject({
      type: 'Second Form Subject',
      relationship: 'lives in',
      object: 'York',
      prompt: 'Who or what lives in York?',
    });
    expect(rows(value(await session.respond([{ subject: 'Sam', relationship: 'lives in', object: 'York', certainty: 100 }])))).toEqual([
      ['Sam', 'Local', 100],
    ]);
  });

  it('reads typed answers: dates as ISO or epoch ms, truth values, and refuses bad ones', async () => {
    const session = sessionOf(CLUB);
    const question = asQuestion(value(await session.query({ subject: 'Ann', relationship: 'gets', object: 'Senior' }))).question;
    expect(question).toMatchObject({ relationship: 'joined on', dataType: 'date', prompt: 'Ann joined on what?' });
    expect(errorOf(await session.respond([{ subject: 'Ann', relationship: 'joined on', object: 'last spring', certainty: 100 }]))).toEqual([
      "answers[0]: 'last spring' is not a valid date for 'joined on'",
    ]);
    const veteran = asQuestion(
      value(await session.respond([{ subject: 'Ann', relationship: 'joined on', object: Date.UTC(1995, 2, 1), certainty: 100 }])),
    ).question;
    expect(veteran).toMatchObject({ relationship: 'is veteran', dataType: 'truth' });
    expect(rows(value(await session.respond([{ subject: 'Ann', relationship: 'is veteran', object: 'true', certainty: 100 }])))).toEqual([
      ['Ann', 'Senior', 100],
    ]);
  });

  it('refuses a skip unless the question allows unknown answers or has known answers', async () => {
    const session = sessionOf(CLUB);
    asQuestion(value(await session.query({ subject: 'Sam', relationship: 'plays' })));
    expect(errorOf(await session.respond([{ subject: 'Sam', relationship: 'plays', unanswered: true }]))[0]).toMatch(
      /^Please provide an expected boolean value for unanswered\./,
    );
  });

  it('never asks the same question twice in a session', async () => {
    const session = sessionOf(CLUB);
    asQuestion(value(await session.query({ subject: 'Sam', relationship: 'plays' })));
    value(await session.respond([{ subject: 'Sam', relationship: 'plays', object: 'Chess', certainty: 100 }]));
    // A later query needing the same relationship does not ask again.
    expect(rows(value(await session.query({ subject: 'Sam', relationship: 'gets', object: 'Full' })))).toEqual([]);
  });

  it('generates a clear prompt when the map has no wording', async () => {
    const map = rbl(`
      <concept name="Person" type="string"/><concept name="Town" type="string"/>
      <rel name="works in" subject="Person" object="Town"/>
      <concinst name="Leeds" type="Town"/>`);
    const session = sessionOf(map);
    expect(asQuestion(value(await session.query({ subject: 'Jo', relationship: 'works in' }))).question.prompt).toBe('Jo works in what?');
    const other = sessionOf(map);
    expect(asQuestion(value(await other.query({ subject: 'Jo', relationship: 'works in', object: 'Leeds' }))).question.prompt).toBe(
      'Is it true that Jo works in Leeds?',
    );
  });
});
