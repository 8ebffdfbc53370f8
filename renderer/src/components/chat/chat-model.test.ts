import { describe, expect, it } from 'vitest';
import type { NLInteractResponse, Question } from '../../../../electron/common/decision-api';
import { messagesFrom, quickReplies, suggestedReplies, whyAnswer } from './chat-model';

const base: Question = {
  relationship: 'lives in',
  subject: 'Ada',
  dataType: 'string',
  type: 'Second Form Object',
  plural: false,
  allowCF: true,
  allowUnknown: false,
  canAdd: false,
  prompt: 'Which country does Ada live in?',
  knownAnswers: [],
  concepts: [
    { conceptType: 'country', name: 'England', type: 'string', value: 'England' },
    { conceptType: 'country', name: 'France', type: 'string', value: 'France', invalidResponse: true },
  ],
};

function counter(): () => number {
  let next = 0;
  return () => next++;
}

describe('chat model', () => {
  it('offers the choices of a question, yes/no for first form, and skip only where allowed', () => {
    expect(quickReplies([base])).toEqual([{ label: 'England', text: 'England' }]);
    expect(quickReplies([{ ...base, type: 'First Form', object: 'France', allowUnknown: true }]).map((reply) => reply.label)).toEqual([
      'Yes',
      'No',
      'Skip',
    ]);
    expect(
      quickReplies([{ ...base, knownAnswers: [{ subject: 'Ada', relationship: { name: 'lives in' }, object: 'Spain', cf: 100 }] }]).map(
        (reply) => reply.label,
      ),
    ).toEqual(['England', 'Skip']);
    expect(quickReplies([])).toEqual([]);
  });

  it('turns replies into messages: facts noted, the question, results with their fact IDs, errors', () => {
    const question: NLInteractResponse = {
      responseType: 'question',
      questions: [base],
      facts: {
        injected: [{ subject: 'Tom', relationship: 'lives in', object: 'France', certainty: 80 }],
        invalid: [{ subject: 'Tom', relationship: 'lives in', object: 'Narnia', certainty: 100, reason: 'not a country' }],
        unmatched: ['the sky is blue'],
      },
    };
    expect(messagesFrom(question, counter())).toEqual([
      {
        id: 0,
        from: 'engine',
        kind: 'facts',
        text: 'Noted: Tom lives in France (80%). Not recorded: Tom lives in Narnia (not a country). Not understood: “the sky is blue”.',
      },
      { id: 1, from: 'engine', kind: 'question', text: 'Which country does Ada live in?' },
    ]);
    const result: NLInteractResponse = {
      responseType: 'result',
      query: { subject: 'Ada', relationship: 'speaks', object: null },
      results: [{ Subject: 'Ada', Relationship: 'speaks', Object: 'English', Certainty: 75, FactID: 'WA:RF:1' }],
    };
    expect(messagesFrom(result, counter())).toEqual([
      {
        id: 0,
        from: 'engine',
        kind: 'results',
        text: 'Here is the answer:',
        results: [{ factId: 'WA:RF:1', text: 'Ada speaks English', certainty: 75 }],
      },
    ]);
    const error: NLInteractResponse = {
      responseType: 'error',
      error: { code: 100, message: 'm', suggestedChatResponse: 'I did not find a question in that.', statusCode: '400' },
    };
    expect(messagesFrom(error, counter())).toEqual([{ id: 0, from: 'engine', kind: 'error', text: 'I did not find a question in that.' }]);
  });
});

describe('a question read by its concepts', () => {
  it('says what the reader assumed before the answer', () => {
    const reply: NLInteractResponse = {
      responseType: 'result',
      query: { subject: 'Ashby', relationship: 'is handled by', object: null },
      results: [{ Subject: 'Ashby', Relationship: 'is handled by', Object: 'Sam', Certainty: 100, FactID: 'WA:RF:2' }],
      assumption: "I took 'looks after' to mean 'is handled by'.",
    };
    expect(messagesFrom(reply, counter())).toEqual([
      { id: 0, from: 'engine', kind: 'text', text: "I took 'looks after' to mean 'is handled by'." },
      {
        id: 1,
        from: 'engine',
        kind: 'results',
        text: 'Here is the answer:',
        results: [{ factId: 'WA:RF:2', text: 'Ashby is handled by Sam', certainty: 100 }],
      },
    ]);
  });
});

describe('why-questions and suggested replies', () => {
  const why: NLInteractResponse = {
    responseType: 'result',
    query: { subject: 'INC-1', relationship: 'priority', object: 'P1' },
    questions: [],
    results: [{ Subject: 'INC-1', Relationship: 'priority', Object: 'P1', Certainty: 100, FactID: 'F1' }],
    facts: { injected: [], invalid: [], unmatched: [] },
    reader: 'offline',
    explanation: { factID: 'F1', text: 'INC-1 priority P1 because…' },
  };

  it('opens the explained fact (its ID for the evidence graph) with the explanation text', () => {
    expect(whyAnswer(why)).toEqual({
      result: { factId: 'F1', text: 'INC-1 priority P1', certainty: 100 },
      text: 'INC-1 priority P1 because…',
    });
    let id = 0;
    expect(messagesFrom(why, () => id++)).toMatchObject([
      { kind: 'results', text: expect.stringContaining('why'), results: [{ factId: 'F1' }] },
    ]);
  });

  it('is nothing for other replies', () => {
    expect(whyAnswer({ ...why, explanation: undefined })).toBeUndefined();
  });

  it("offers the reader's suggested questions as buttons", () => {
    expect(suggestedReplies({ responseType: 'error', quickReplies: ['Which town does Nell live in?'] })).toEqual([
      { label: 'Which town does Nell live in?', text: 'Which town does Nell live in?' },
    ]);
    expect(suggestedReplies(why)).toEqual([]);
  });
});
