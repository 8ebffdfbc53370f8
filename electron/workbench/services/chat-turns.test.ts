import { describe, expect, it } from 'vitest';
import type { NLInteractResponse, Question, SessionFacts } from '../../common/decision-api';
import { answersFrom, chatTurn, lastResponse, responseOf } from './chat-turns';

const question = (relationship: string, extra: Partial<Question> = {}): Question => ({
  subject: 'Ada',
  relationship,
  dataType: 'string',
  type: 'Second Form Object',
  plural: false,
  allowCF: true,
  allowUnknown: false,
  canAdd: true,
  prompt: `${relationship}?`,
  knownAnswers: [],
  concepts: [],
  ...extra,
});
const AT = '2026-11-22T12:00:00.000Z';
const fact = (relationship: string, object: string | number, source: 'answer' | 'injection' = 'answer') => ({
  id: `f-${relationship}`,
  subject: { concept: 'person', value: 'Ada', dataType: 'string' },
  relationship,
  object: { concept: 'thing', value: object, dataType: typeof object === 'number' ? 'number' : 'string' },
  certainty: 100,
  source,
});

describe('chat turns in Runner terms', () => {
  it('records injected facts and a query placed while unlocked, with the question it left pending', () => {
    const reply: NLInteractResponse = {
      responseType: 'question',
      query: { subject: 'Ada', relationship: 'speaks', object: null },
      questions: [question('lives in'), question('is aged')],
      facts: { injected: [{ subject: 'Ada', relationship: 'likes', object: 'tea', certainty: 80 }], invalid: [], unmatched: [] },
    };
    const turn = chatTurn(reply, null, 'sid', AT);
    expect(turn.steps.map((step) => step.kind)).toEqual(['inject', 'query']);
    expect(turn.steps[0]).toMatchObject({ facts: [{ subject: 'Ada', relationship: 'likes', object: 'tea', certainty: 80 }] });
    expect(turn.steps[1]).toMatchObject({ query: { subject: 'Ada', relationship: 'speaks' } });
    expect(turn.response).toMatchObject({
      question: { relationship: 'lives in' },
      extraQuestions: [{ relationship: 'is aged' }],
      sid: 'sid',
    });
    expect(turn.answered).toBe(false);
  });

  it('marks a turn that moved past the pending questions as answered, and ignores one that did not', () => {
    const pending = { question: question('lives in'), sid: 'sid' };
    const moved = chatTurn(
      {
        responseType: 'result',
        query: { subject: 'Ada', relationship: 'speaks', object: null },
        results: [{ subject: 'Ada', relationship: 'speaks', object: 'English', certainty: 75, factID: 'WA:RF:1', Subject: 'Ada' }],
      },
      pending,
      'sid',
      AT,
    );
    expect(moved).toMatchObject({
      answered: true,
      steps: [{ kind: 'respond', answers: [] }],
      response: { result: [{ subject: 'Ada', object: 'English', certainty: 75, factID: 'WA:RF:1' }] },
    });
    const same = chatTurn({ responseType: 'question', query: null, questions: [question('lives in')] }, pending, 'sid', AT);
    expect(same).toMatchObject({ answered: false, steps: [] });
    expect(
      chatTurn(
        {
          responseType: 'error',
          questions: [question('lives in')],
          error: { code: 103, message: 'm', suggestedChatResponse: 's', statusCode: '400' },
        },
        pending,
        'sid',
        AT,
      ),
    ).toEqual({ steps: [], response: null, answered: false });
  });

  it('reads the answers back from the session facts, and a question without one as skipped', () => {
    const facts: SessionFacts = {
      global: [],
      local: [fact('lives in', 'England'), fact('is aged', 34), fact('likes', 'tea', 'injection')],
      context: [],
    };
    expect(answersFrom([question('lives in'), question('is aged'), question('has lived in')], facts)).toEqual([
      { relationship: 'lives in', subject: 'Ada', object: 'England', certainty: 100 },
      { relationship: 'is aged', subject: 'Ada', object: 34, certainty: 100 },
      { relationship: 'has lived in', subject: 'Ada', unanswered: true },
    ]);
    expect(answersFrom([question('lives in')], undefined)).toEqual([{ relationship: 'lives in', subject: 'Ada' }]);
  });

  it('finds the last response of a transcript and leaves partial question records out', () => {
    expect(lastResponse([])).toBeNull();
    expect(responseOf({ responseType: 'question', questions: [{ prompt: 'partial' }] }, 'sid')).toBeNull();
  });
});
