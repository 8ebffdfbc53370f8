import { describe, expect, it } from 'vitest';
import { asQuestion, asResult, errorOf, rows, sessionOf, value } from '../test-support/harness';
import { TRAVEL } from '../test-support/maps';

describe('a consultation on the travel map', () => {
  it('asks for the missing fact, then concludes with the rule certainty', async () => {
    const session = sessionOf(TRAVEL);
    const question = asQuestion(value(await session.query({ subject: 'Ada', relationship: 'converses in' }))).question;
    expect(question).toMatchObject({
      subject: 'Ada',
      relationship: 'resides in',
      type: 'Second Form Object',
      prompt: 'Which country does Ada reside in?',
      dataType: 'string',
      plural: false,
      allowCF: true,
      allowUnknown: true,
      canAdd: true,
      knownAnswers: [],
    });
    expect(question.concepts.map((concept) => concept.value)).toEqual(['Portugal', 'Norway']);
    const result = value(await session.respond([{ subject: 'Ada', relationship: 'resides in', object: 'Portugal', certainty: 100 }]));
    expect(rows(result)).toEqual([['Ada', 'Portuguese', 75]]);
    expect(asResult(result).result[0]).toMatchObject({
      relationship: 'converses in',
      relationshipType: 'converses in',
      factID: expect.stringMatching(/^WA:RF:[0-9a-f]{64}$/),
    });
  });

  it('re-asks a singular fact injected below 100 with it in knownAnswers, and a skip keeps it (live: 71)', async () => {
    const session = sessionOf(TRAVEL);
    value(session.inject([{ subject: 'Ada', relationship: 'resides in', object: 'Portugal', certainty: 90 }]));
    const question = asQuestion(value(await session.query({ subject: 'Ada', relationship: 'converses in' }))).question;
    expect(question.knownAnswers).toEqual([
      expect.objectContaining({
        subject: 'Ada',
        object: 'Portugal',
        cf: 90,
        relationship: expect.objectContaining({ name: 'resides in' }),
      }),
    ]);
    const result = value(await session.respond([{ subject: 'Ada', relationship: 'resides in', object: '', unanswered: true }]));
    expect(rows(result)).toEqual([['Ada', 'Portuguese', 71]]);
  });

  it('does not ask a singular fact injected at 100', async () => {
    const session = sessionOf(TRAVEL);
    value(session.inject([{ subject: 'Ada', relationship: 'resides in', object: 'Norway', certainty: 100 }]));
    expect(rows(value(await session.query({ subject: 'Ada', relationship: 'converses in' })))).toEqual([['Ada', 'Norwegian', 75]]);
  });

  it('gives an empty result when the only input is skipped', async () => {
    const session = sessionOf(TRAVEL);
    asQuestion(value(await session.query({ subject: 'Ada', relationship: 'converses in' })));
    expect(rows(value(await session.respond([{ subject: 'Ada', relationship: 'resides in', unanswered: true }])))).toEqual([]);
  });

  it('answers a subject query by asking the second form subject question', async () => {
    const session = sessionOf(TRAVEL);
    const question = asQuestion(value(await session.query({ relationship: 'converses in', object: 'Norwegian' }))).question;
    expect(question).toMatchObject({
      type: 'Second Form Subject',
      relationship: 'resides in',
      object: 'Norway',
      prompt: 'Who resides in Norway?',
    });
    expect(question.subject).toBeUndefined();
    const result = value(await session.respond([{ subject: 'Ada', relationship: 'resides in', object: 'Norway', certainty: 80 }]));
    // 75 x (0.5 x 0.8 + 0.5 x 1) = 67.5 -> 68
    expect(rows(result)).toEqual([['Ada', 'Norwegian', 68]]);
  });

  it('refuses a query without subject and object with the platform messages', async () => {
    const session = sessionOf(TRAVEL);
    expect(errorOf(await session.query({ relationship: 'converses in' }))).toEqual([
      'Please provide a string or numeric subject.',
      'Please provide a string or numeric object.',
    ]);
  });

  it('refuses an answer to a relationship that was not asked, and stays on the question', async () => {
    const session = sessionOf(TRAVEL);
    asQuestion(value(await session.query({ subject: 'Ada', relationship: 'converses in' })));
    const messages = errorOf(
      await session.respond([{ subject: 'Ada', relationship: 'official language', object: 'Portuguese', certainty: 100 }]),
    );
    expect(messages[0]).toMatch(/^Please provide an answer for an expected relationship\./);
    expect(
      rows(value(await session.respond([{ subject: 'Ada', relationship: 'resides in', object: 'Portugal', certainty: 100 }]))),
    ).toEqual([['Ada', 'Portuguese', 75]]);
  });

  it('refuses an answer with no certainty or a certainty outside 1-100', async () => {
    const session = sessionOf(TRAVEL);
    asQuestion(value(await session.query({ subject: 'Ada', relationship: 'converses in' })));
    expect(errorOf(await session.respond([{ subject: 'Ada', relationship: 'resides in', object: 'Portugal' }]))).toEqual([
      'answers[0]: certainty is required (a number from 1 to 100)',
    ]);
    expect(errorOf(await session.respond([{ subject: 'Ada', relationship: 'resides in', object: 'Portugal', certainty: 101 }]))).toEqual([
      'answers[0]: certainty 101 is outside 1-100',
    ]);
  });

  it('refuses to answer when no question is pending', async () => {
    const session = sessionOf(TRAVEL);
    expect(errorOf(await session.respond([{ subject: 'Ada', relationship: 'resides in', object: 'Portugal', certainty: 100 }]))[0]).toMatch(
      /no pending question/,
    );
  });
});

describe('undo', () => {
  it('rolls back the last answers and returns the question they answered; with nothing left, the same question', async () => {
    const session = sessionOf(TRAVEL);
    const first = asQuestion(value(await session.query({ subject: 'Ada', relationship: 'converses in' }))).question;
    asResult(value(await session.respond([{ subject: 'Ada', relationship: 'resides in', object: 'Portugal', certainty: 100 }])));
    expect(asQuestion(value(await session.undo())).question).toEqual(first);
    expect(asQuestion(value(await session.undo())).question).toEqual(first);
    // The undone answer is gone: a different answer now gives a different result.
    expect(rows(value(await session.respond([{ subject: 'Ada', relationship: 'resides in', object: 'Norway', certainty: 100 }])))).toEqual([
      ['Ada', 'Norwegian', 75],
    ]);
  });

  it('refuses undo before any query', async () => {
    expect(errorOf(await sessionOf(TRAVEL).undo())[0]).toMatch(/no query/);
  });
});
