import { describe, expect, it } from 'vitest';
import { createSession } from '../../engine';
import type { ConsultationSession } from '../../engine';
import { corpusMap } from '../test-support/corpus';
import { offlineUnderstand } from '../provider/understand';
import { buildVocabulary } from '../vocabulary/build';
import { interact, newConversation, type InteractContext } from './interact';
import { lockStateOf } from './questions';

const map = corpusMap('bundled:hello-world');
const vocabulary = buildVocabulary(map);
const NOW = Date.UTC(2026, 4, 13, 10);

function context(session: ConsultationSession, conversation = newConversation()): InteractContext {
  return { session, vocabulary, conversation, now: NOW, understand: offlineUnderstand };
}

describe('interact', () => {
  it('locks on a question, ignores new questions, unlocks on a result (reading the lock from the session log)', async () => {
    const session = createSession(map, { id: 's1', kmVersionId: 'v', clock: () => NOW });
    const conversation = newConversation();
    expect((await interact('Which country does Bruno live in?', context(session, conversation))).body.responseType).toBe('question');
    expect(lockStateOf(map, session.interactions(), undefined).pending.map((question) => question.relationship)).toEqual([
      'lives in',
      'is aged',
    ]);
    const ignored = await interact('Who speaks Welsh?', context(session, conversation));
    expect(ignored).toMatchObject({
      status: 200,
      body: { responseType: 'question', query: { subject: 'Bruno', relationship: 'lives in' } },
    });
    // A fresh conversation (as after a restart) still finds the pending questions in the log.
    const answered = await interact('Spain and 51', context(session, newConversation()));
    expect(answered.body).toMatchObject({ responseType: 'result', results: [{ Subject: 'Bruno', Object: 'Spain' }] });
    expect(lockStateOf(map, session.interactions(), undefined).pending).toEqual([]);
  });

  it('resolves "she" to the last subject named in the conversation', async () => {
    const session = createSession(map, { id: 's2', kmVersionId: 'v', clock: () => NOW });
    const conversation = newConversation();
    await interact('Chiara has lived in Spain', context(session, conversation));
    const reply = await interact('Does she live in Italy?', context(session, conversation));
    expect(reply.body).toMatchObject({ responseType: 'result', query: { subject: 'Chiara', relationship: 'lives in', object: 'Italy' } });
  });

  it('injects nothing when the engine refuses the batch: every fact is reported invalid', async () => {
    const real = createSession(map, { id: 's3', kmVersionId: 'v', clock: () => NOW });
    const refusing: ConsultationSession = {
      ...real,
      id: real.id,
      inject: () => ({ ok: false, error: { kind: 'validation', messages: ['fact[1]: refused for the test'] } }),
      interactions: () => real.interactions(),
      query: (query) => real.query(query),
    };
    const reply = await interact('Tom lives in France and has lived in Spain', context(refusing));
    expect(reply.status).toBe(400);
    expect(reply.body.facts).toMatchObject({
      injected: [],
      invalid: [
        { object: 'France', reason: 'fact[1]: refused for the test' },
        { object: 'Spain', reason: 'fact[1]: refused for the test' },
      ],
    });
    expect(real.facts().local).toEqual([]);
  });

  it('reports an answer the engine refuses as error 106 with the question again', async () => {
    const session = createSession(map, { id: 's4', kmVersionId: 'v', clock: () => NOW });
    await interact('Which country does Bruno live in?', context(session));
    const refusing: ConsultationSession = {
      ...session,
      interactions: () => session.interactions(),
      respond: async (): Promise<{ ok: false; error: { kind: 'validation'; messages: string[] } }> => ({
        ok: false,
        error: { kind: 'validation', messages: ['no'] },
      }),
    };
    const reply = await interact('Spain', context(refusing));
    expect(reply.body).toMatchObject({
      responseType: 'error',
      error: { code: 106 },
      questions: [{ relationship: 'lives in' }, { relationship: 'is aged' }],
    });
  });
});
