/** Cases on the `languages` fixture map (see `maps/languages.rbl`). */
import type { TestCase, TestCaseInput } from '../core';
import { makeCase } from './builders';

/** Ada lives in Wales (90%), has lived in France, took French lessons: French 90, Welsh and English 76 on version 1. */
export function adaCase(mapId: string, overrides: Partial<TestCaseInput> = {}): TestCase {
  return makeCase({
    name: 'Ada, Wales and French lessons',
    target: { mapId },
    answers: [
      { question: { relationship: 'lives in' }, reply: { kind: 'values', values: [{ value: 'Wales', certainty: 90 }] } },
      { question: { relationship: 'has lived in' }, reply: { kind: 'values', values: [{ value: 'France' }] } },
      { question: { relationship: 'took lessons in', object: 'French', form: 'first-form' }, reply: { kind: 'yes-no', answer: 'yes' } },
    ],
    expect: {
      results: {
        items: [
          { object: 'French', certainty: 90 },
          { object: 'Welsh', certainty: 76 },
          { object: 'English', certainty: 76 },
        ],
      },
      questions: {
        order: 'strict',
        asked: [{ relationship: 'lives in' }, { relationship: 'has lived in' }, { relationship: 'took lessons in' }],
      },
      evidence: [
        { kind: 'derived-by-rule', result: { object: 'Welsh' }, rule: 'Language of home' },
        { kind: 'fact-source', fact: { relationship: 'lives in', subject: 'Ada' }, source: 'answer' },
      ],
    },
    ...overrides,
  });
}

/** Bruno is injected as living in England: no question asked, English at 80 on version 1. */
export function brunoCase(mapId: string): TestCase {
  return makeCase({
    name: 'Bruno in England',
    target: { mapId },
    facts: [
      { subject: 'Bruno', relationship: 'lives in', object: 'England' },
      { subject: 'Bruno', relationship: 'is aged', object: 40 },
    ],
    query: { subject: 'Bruno', relationship: 'speaks' },
    answers: [{ question: { relationship: 'has lived in' }, reply: { kind: 'skip' } }],
    expect: {
      results: { items: [{ subject: 'Bruno', object: 'English', certainty: 80 }] },
      questions: { mayAsk: [{ relationship: 'has lived in' }] },
    },
  });
}
