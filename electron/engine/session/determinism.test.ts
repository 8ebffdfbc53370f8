import { describe, expect, it } from 'vitest';
import { asQuestion, asResult, mapOf, restored, sessionOf, value } from '../test-support/harness';
import { TRAVEL } from '../test-support/maps';

async function consult(map: ReturnType<typeof mapOf>, id: string) {
  const session = sessionOf(map, { id });
  value(session.inject([{ subject: 'Ada', relationship: 'resides in', object: 'Portugal', certainty: 90 }]));
  const question = asQuestion(value(await session.query({ subject: 'Ada', relationship: 'converses in' })));
  const result = asResult(value(await session.respond([{ subject: 'Ada', relationship: 'resides in', unanswered: true }])));
  return { session, question: question.question, result: result.result };
}

describe('determinism', () => {
  it('gives the same questions, results, certainties and fact IDs in every session', async () => {
    const map = mapOf(TRAVEL);
    const one = await consult(map, 'session-one');
    const two = await consult(map, 'session-two');
    expect(two.question).toEqual(one.question);
    expect(two.result).toEqual(one.result);
    expect(two.session.facts().local.map((fact) => fact.id)).toEqual(one.session.facts().local.map((fact) => fact.id));
  });

  it('rebuilds a session from its journal with the same state', async () => {
    const map = mapOf(TRAVEL);
    const { session, result } = await consult(map, 'original');
    const rebuilt = await restored(map, session.journal(), { id: 'original' });
    expect(rebuilt.evidence(result[0].factID)).toEqual(session.evidence(result[0].factID));
    expect(rebuilt.interactions()).toEqual(session.interactions());
    expect(rebuilt.facts()).toEqual(session.facts());
  });
});

describe('session facts and the interaction log', () => {
  it('splits facts into global (map), local (session) and context, with their sources', async () => {
    const { session } = await consult(mapOf(TRAVEL), 'facts');
    const facts = session.facts();
    expect(facts.global.map((fact) => [fact.subject.value, fact.relationship, fact.object.value, fact.source])).toEqual([
      ['Portugal', 'official language', 'Portuguese', 'knowledgemap'],
      ['Norway', 'official language', 'Norwegian', 'knowledgemap'],
    ]);
    expect(facts.local.map((fact) => [fact.relationship, fact.object.value, fact.certainty, fact.source])).toEqual([
      ['resides in', 'Portugal', 90, 'injection'],
      ['converses in', 'Portuguese', 71, 'rule'],
    ]);
    expect(facts.local[0].subject).toEqual({ concept: 'Traveller', value: 'Ada', dataType: 'string' });
    expect(facts.context).toEqual([]);
    expect(session.facts(['official language']).local).toEqual([]);
  });

  it('logs start, inject, query, question, answer and result events with ISO timestamps', async () => {
    const { session } = await consult(mapOf(TRAVEL), 'log');
    const log = session.interactions();
    expect(log.map((entry) => entry.event)).toEqual(['start', 'inject', 'query', 'question', 'answer', 'result']);
    expect(log[0].values).toEqual({ start: { useDraft: false, kmVersionID: 'test-version', sessionID: 'log' } });
    expect(log[3].values).toEqual({
      questions: [{ subject: 'Ada', relationship: 'resides in', object: undefined, prompt: 'Which country does Ada reside in?' }],
    });
    expect(log[5].values).toMatchObject({
      results: [{ subject: 'Ada', relationship: 'converses in', object: 'Portuguese', certainty: 71 }],
    });
    expect(log.every((entry) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(entry.created))).toBe(true);
  });
});
