import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../../electron/common/ipc';
import { timelineFromInteractions, timelineFromTranscript } from './timeline-model';

const question = {
  subject: 'Ada',
  relationship: 'lives in',
  dataType: 'string' as const,
  type: 'Second Form Object' as const,
  plural: false,
  allowCF: true,
  allowUnknown: false,
  canAdd: true,
  prompt: 'Where does Ada live?',
  knownAnswers: [],
  concepts: [],
};
const result = {
  result: [
    {
      subject: 'Ada',
      relationship: 'speaks',
      relationshipType: 'speaks',
      object: 'French',
      certainty: 75,
      factID: 'WA:RF:1',
      subjectMetadata: {},
      objectMetadata: {},
    },
  ],
  queryProfile: [],
  sid: 's',
  stats: {},
};

describe('timelines', () => {
  it('chains the steps of a transcript and links each answer to what it led to', () => {
    const transcript: Transcript = {
      format: 1,
      target: {
        environmentId: 'local',
        environmentName: 'Local',
        baseUrl: 'http://127.0.0.1:1',
        mapId: 'm',
        versionPolicy: { kind: 'live' },
      },
      sessionId: 's',
      kmVersionId: 'v',
      startedAt: '2026-01-01T00:00:00.000Z',
      steps: [
        {
          kind: 'inject',
          at: '2026-01-01T00:00:01.000Z',
          facts: [{ subject: 'Ada', relationship: 'age', object: 4, certainty: 100 }],
          response: { result: 'OK' },
        },
        {
          kind: 'query',
          at: '2026-01-01T00:00:02.000Z',
          query: { subject: 'Ada', relationship: 'speaks' },
          response: { question, sid: 's' },
        },
        {
          kind: 'respond',
          at: '2026-01-01T00:00:03.000Z',
          answers: [{ subject: 'Ada', relationship: 'lives in', object: 'France', certainty: 100 }],
          response: result,
        },
      ],
    };
    const timeline = timelineFromTranscript(transcript);
    expect(timeline.events.map((event) => event.kind)).toEqual(['start', 'inject', 'query', 'question', 'answer', 'result']);
    const answer = timeline.events.find((event) => event.kind === 'answer');
    const resultEvent = timeline.events.find((event) => event.kind === 'result');
    expect(timeline.links).toContainEqual(expect.objectContaining({ source: answer?.id, target: resultEvent?.id, kind: 'led-to' }));
    expect(timeline.links.filter((link) => link.kind === 'next')).toHaveLength(3);
  });

  it('reads an interaction log', () => {
    const timeline = timelineFromInteractions([
      { event: 'start', created: 't0', values: { start: {} } },
      { event: 'query', created: 't1', values: { query: { subject: 'Ada', relationship: 'speaks' } } },
      { event: 'question', created: 't2', values: { questions: [{ prompt: 'Where does Ada live?' }] } },
      { event: 'answer', created: 't3', values: { answers: [{ object: 'France' }] } },
      {
        event: 'result',
        created: 't4',
        values: { results: [{ subject: 'Ada', relationship: 'speaks', object: 'French', certainty: 75 }] },
      },
    ]);
    expect(timeline.events.map((event) => event.label)).toEqual([
      'Start',
      'Query: Ada speaks ?',
      'Where does Ada live?',
      'Answer: France',
      'Ada speaks French (75%)',
    ]);
  });
});
