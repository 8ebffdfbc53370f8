/**
 * The natural-language interface over real HTTP, offline (no provider configured): a conversation
 * on the bundled hello-world map through `/nl/interact` (questions, the lock, answers, results,
 * statements, errors) and `/nl/explain` (styles, languages, unknown facts).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NLExplainResponseSchema, NLInteractResponseSchema, type NLInteractResponse } from '../../common/decision-api';
import { addMapOverHttp, startSession } from '../test-support/consult';
import { TEST_API_KEY, startTestServer, type TestServer } from '../test-support/harness';

const HELLO = readFileSync(new URL('../../../resources/maps/hello-world.rbl', import.meta.url), 'utf8');

let server: TestServer;
let kmID: string;
beforeAll(async () => {
  server = await startTestServer();
  kmID = await addMapOverHttp(server, HELLO, 'Hello world');
});
afterAll(() => server.dispose());

async function say(
  sid: string,
  userPrompt: string,
  headers: Record<string, string> = { Version: 'v1' },
): Promise<{ status: number; body: NLInteractResponse }> {
  const reply = await server.call('POST', '/nl/interact', { apiKey: TEST_API_KEY, headers, body: { sessionID: sid, userPrompt } });
  return { status: reply.status, body: NLInteractResponseSchema.parse(reply.json) };
}

async function explain(sid: string, factID: string, extra: Record<string, string> = {}) {
  const reply = await server.call('POST', '/nl/explain', {
    apiKey: TEST_API_KEY,
    headers: { Version: 'v1' },
    body: { language: 'en', sessionID: sid, factID, ...extra },
  });
  return { status: reply.status, body: NLExplainResponseSchema.parse(reply.json) };
}

describe('POST /nl/interact', () => {
  it('asks, ignores a new question while locked, takes answers in free text and unlocks with a result', async () => {
    const sid = await startSession(server, kmID);
    const asked = await say(sid, 'What languages does Ada speak?');
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      responseType: 'question',
      query: { subject: 'Ada', relationship: 'speaks', object: null },
      questions: [{ relationship: 'lives in', prompt: 'Which country does Ada live in?' }, { relationship: 'is aged' }],
      results: [],
      facts: { injected: [], invalid: [], unmatched: [] },
      metadata: {
        apiVersion: 'v1',
        endpoint: 'interact',
        sessionID: sid,
        llmTokens: { completionTokens: 0, promptTokens: 0, totalTokens: 0 },
      },
    });
    expect(Date.parse(asked.body.metadata?.querySubmittedAt ?? '')).not.toBeNaN();
    expect(Number.isInteger(asked.body.metadata?.languageEngineResponseTime)).toBe(true);

    // Locked: a new question is ignored without an error; the pending questions come back.
    const ignored = await say(sid, 'Who speaks Welsh?');
    expect(ignored.status).toBe(200);
    expect(ignored.body).toMatchObject({
      responseType: 'question',
      query: { relationship: 'speaks', subject: 'Ada' },
      questions: [{ relationship: 'lives in' }, { relationship: 'is aged' }],
    });
    expect(ignored.body.error).toBeUndefined();

    // Both grouped questions answered in one sentence; then a plural, skippable one.
    const next = await say(sid, 'England, and she is 34');
    expect(next.body).toMatchObject({
      responseType: 'question',
      questions: [{ relationship: 'has lived in', plural: true, allowUnknown: true }],
    });

    const result = await say(sid, 'none');
    expect(result.status).toBe(200);
    expect(result.body.responseType).toBe('result');
    const [first] = result.body.results ?? [];
    expect(first).toMatchObject({
      Subject: 'Ada',
      SubjectValue: 'Ada',
      Relationship: 'speaks',
      Object: 'English',
      ObjectValue: 'English',
      Certainty: 75,
      SubjectMetadata: {},
      ObjectMetadata: {},
    });
    expect(first.FactID).toMatch(/^WA:RF:/);
    expect(first.factID).toBe(first.FactID);

    // Unlocked: a new question runs.
    const again = await say(sid, 'Does Chiara live in Italy?');
    expect(again.body).toMatchObject({
      responseType: 'result',
      query: { subject: 'Chiara', relationship: 'lives in', object: 'Italy' },
      results: [{ Subject: 'Chiara', Object: 'Italy', Certainty: 100 }],
    });
  });

  it('injects statements and reports invalid ones with a reason; a prompt understood only in part records nothing', async () => {
    const sid = await startSession(server, kmID);
    // Part of it not read: nothing goes in, and the reply says what was understood (error 109).
    const partly = await say(sid, 'Tom lives in France and has lived in Spain and Atlantis. The sky is blue.');
    expect(partly.status).toBe(400);
    expect(partly.body).toMatchObject({
      responseType: 'error',
      error: { code: 109, statusCode: '400', suggestedChatResponse: expect.stringContaining("not 'The sky is blue.'") },
      facts: {
        injected: [],
        invalid: [{ subject: 'Tom', relationship: 'has lived in', object: 'Atlantis', reason: expect.stringMatching(/not a country/) }],
        unmatched: ['The sky is blue.'],
      },
    });
    // Its first quick reply is the understood part alone, which records exactly that.
    const stated = await say(sid, partly.body.quickReplies?.[0] ?? '');
    expect(stated.status).toBe(200);
    expect(stated.body).toMatchObject({
      responseType: 'result',
      results: [],
      facts: {
        injected: [
          { subject: 'Tom', relationship: 'lives in', object: 'France', certainty: 100 },
          { subject: 'Tom', relationship: 'has lived in', object: 'Spain', certainty: 100 },
        ],
      },
    });
    const refused = await say(sid, 'Tom has lived in Spain and Atlantis.');
    expect(refused.body.facts?.invalid).toEqual([
      expect.objectContaining({
        subject: 'Tom',
        relationship: 'has lived in',
        object: 'Atlantis',
        reason: expect.stringMatching(/not a country/),
      }),
    ]);
    // The injected facts are in the session: Tom's country and age are not asked for.
    const asked = await say(sid, 'Tom is 40. What languages does Tom speak?');
    expect(asked.body.facts?.injected).toEqual([{ subject: 'Tom', relationship: 'is aged', object: 40, certainty: 100 }]);
    expect(asked.body.responseType).toBe('question');
    expect(asked.body.questions?.map((question) => question.relationship)).not.toContain('lives in');
    expect(asked.body.questions?.map((question) => question.relationship)).not.toContain('is aged');
  });

  it('answers errors with a stable code, a message and a chat response; a refused answer keeps the question', async () => {
    const sid = await startSession(server, kmID);
    const cases: [string, number][] = [
      ['asdfgh', 100],
      ['Does Ada like pizza?', 101],
      ['What is the capital of Peru?', 102],
      ['Ada lives in Narnia', 105],
    ];
    for (const [prompt, code] of cases) {
      const reply = await say(sid, prompt);
      expect(reply.status, prompt).toBe(400);
      expect(reply.body.responseType).toBe('error');
      expect(reply.body.error, prompt).toMatchObject({
        code,
        statusCode: '400',
        message: expect.any(String),
        suggestedChatResponse: expect.any(String),
      });
      expect(reply.body.metadata?.endpoint).toBe('interact');
    }
    await say(sid, 'Which country does Bruno live in?');
    const cannotSkip = await say(sid, "I don't know");
    expect(cannotSkip.body).toMatchObject({ responseType: 'error', error: { code: 104 } });
    expect(cannotSkip.body.questions?.[0]).toMatchObject({ relationship: 'lives in', subject: 'Bruno' });
    const notAnAnswer = await say(sid, 'purple');
    expect(notAnAnswer.body).toMatchObject({
      responseType: 'error',
      error: { code: 103, suggestedChatResponse: expect.stringContaining('Which country does Bruno live in?') },
    });
    expect((await say(sid, 'Italy, 90%, and he is 51')).body.responseType).not.toBe('error');
  });

  it('takes a missing Version header as v1', async () => {
    const sid = await startSession(server, kmID);
    const reply = await say(sid, 'Who lives in Italy?', {});
    expect(reply.status).toBe(200);
    expect(reply.body.metadata?.apiVersion).toBe('v1');
  });

  it('keeps the lock across a server restart (the questions are read back from the session journal)', async () => {
    const sid = await startSession(server, kmID);
    await say(sid, 'Which country does Bruno live in?');
    server = await server.restart();
    const answered = await say(sid, 'Spain');
    expect(answered.body).toMatchObject({ responseType: 'result', results: [{ Subject: 'Bruno', Object: 'Spain' }] });
  });
});

describe('POST /nl/explain', () => {
  it('walks the evidence chain in the offline styles, and refuses what needs a provider clearly', async () => {
    const sid = await startSession(server, kmID);
    await say(sid, 'Ada lives in England and is 34');
    let result = await say(sid, 'Does Ada speak English?');
    for (let turn = 0; result.body.responseType === 'question' && turn < 5; turn++)
      result = await say(sid, result.body.questions?.[0]?.type === 'First Form' ? 'no' : 'none');
    const factID = result.body.results?.[0]?.FactID ?? '';
    expect(factID).toMatch(/^WA:RF:/);

    const detailed = await explain(sid, factID);
    expect(detailed.status).toBe(200);
    expect(detailed.body.explanation).toContain('the rule "Language of home"');
    expect(detailed.body.explanation).toContain('Ada lives in England');
    expect(detailed.body.explanation).toMatch(/34 >= 3/);
    expect(detailed.body.metadata).toMatchObject({ endpoint: 'explain', sessionID: sid, llmTokens: { totalTokens: 0 } });

    expect((await explain(sid, factID, { instructions: 'bullet points please' })).body.explanation).toMatch(/^- Ada speaks English/);
    expect((await explain(sid, factID, { instructions: 'keep it short' })).body.explanation?.split('\n')).toHaveLength(1);
    expect((await explain(sid, factID, { instructions: 'for a non-specialist' })).body.explanation).toMatch(
      /^We are fairly confident \(75 out of 100\)/,
    );

    const french = await explain(sid, factID, { language: 'fr' });
    expect(french.status).toBe(400);
    expect(french.body.error).toMatchObject({ code: 111, message: expect.stringContaining('English (en)') });
    expect(french.body.explanation).toContain('Language of home');
    const haiku = await explain(sid, factID, { instructions: 'as a haiku' });
    expect(haiku.body.error).toMatchObject({ code: 112, message: expect.stringContaining('detailed, concise, bullets, plain') });

    const unknown = await explain(sid, 'WA:RF:0000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 110, statusCode: '404' });
  });
});
