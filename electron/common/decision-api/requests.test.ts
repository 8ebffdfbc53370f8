import { describe, expect, it } from 'vitest';
import type { ZodError } from 'zod';
import {
  InjectRequestSchema,
  InteractionsQuerySchema,
  QueryRequestSchema,
  ReceivedConsultationResponseSchema,
  ReceivedEvidenceRecordSchema,
  ResponseRequestSchema,
  SessionInfoQuerySchema,
  StartQuerySchema,
  describeIssues,
} from './index';

function errors(result: { success: boolean; error?: ZodError }): string[] {
  return result.error ? describeIssues(result.error) : [];
}

describe('inject requests', () => {
  it('reads cf as certainty, numeric strings included, and defaults to 100', () => {
    const parsed = InjectRequestSchema.parse([
      { subject: 'Ana', relationship: 'visits', object: 'Japan', cf: '90' },
      { subject: 'Ana', relationship: 'visits', object: 'Peru', certainty: 80, id: 'ignored' },
      { subject: 7, relationship: 'visits', object: true },
    ]);
    expect(parsed).toEqual([
      { subject: 'Ana', relationship: 'visits', object: 'Japan', certainty: 90 },
      { subject: 'Ana', relationship: 'visits', object: 'Peru', certainty: 80 },
      { subject: '7', relationship: 'visits', object: true, certainty: 100 },
    ]);
  });

  it('names the fact and field of every problem', () => {
    const result = InjectRequestSchema.safeParse([
      { subject: '', relationship: 'visits', object: 'Japan' },
      { subject: 'Ana', object: null, cf: 'lots' },
    ]);
    expect(errors(result)).toEqual([
      '[0].subject: Please provide a string or numeric subject.',
      '[1].relationship: Please provide a string relationship.',
      '[1].cf: Please provide a numeric certainty between 0 and 100.',
    ]);
  });

  it('refuses more than 250 facts with a message saying to batch', () => {
    const facts = Array.from({ length: 251 }, (_, index) => ({
      subject: `p${index}`,
      relationship: 'visits',
      object: 'Japan',
      certainty: 100,
    }));
    expect(errors(InjectRequestSchema.safeParse(facts))[0]).toMatch(/at most 250 facts.*batches of 250/);
    expect(InjectRequestSchema.safeParse(facts.slice(0, 250)).success).toBe(true);
  });
});

describe('query requests', () => {
  it('treats null, "" and a missing key alike', () => {
    expect(QueryRequestSchema.parse({ subject: 'Ana', relationship: 'pays with', object: '' })).toEqual({
      subject: 'Ana',
      relationship: 'pays with',
    });
    expect(QueryRequestSchema.parse({ subject: null, relationship: 'pays with', object: 'yen', sessionId: 'x' })).toEqual({
      relationship: 'pays with',
      object: 'yen',
    });
  });

  it('gives the platform pair of messages when neither side is given', () => {
    expect(errors(QueryRequestSchema.safeParse({ relationship: 'pays with', subject: '' }))).toEqual([
      'Please provide a string or numeric subject.',
      'Please provide a string or numeric object.',
    ]);
  });
});

describe('response requests', () => {
  it('accepts first-form answers, skips and cf strings', () => {
    const parsed = ResponseRequestSchema.parse({
      id: 'agent',
      answers: [
        { subject: 'Ana', relationship: 'likes', object: 'tea', answer: 'yes', cf: '100' },
        { subject: 'Ana', relationship: 'visits', object: '', unanswered: true },
      ],
    });
    expect(parsed.answers).toEqual([
      { subject: 'Ana', relationship: 'likes', object: 'tea', answer: 'yes', certainty: 100 },
      { subject: 'Ana', relationship: 'visits', unanswered: true },
    ]);
  });

  it('refuses an empty batch and a bad unanswered', () => {
    expect(errors(ResponseRequestSchema.safeParse({ answers: [] }))).toEqual(['answers: Please provide at least one answer.']);
    expect(errors(ResponseRequestSchema.safeParse({ answers: [{ relationship: 'visits', unanswered: 'maybe' }] }))).toEqual([
      'answers[0].unanswered: Please provide an expected boolean value for unanswered.',
    ]);
  });
});

describe('query strings', () => {
  it('reads start options and refuses useDraft with version', () => {
    expect(StartQuerySchema.parse({ useDraft: 'true' })).toEqual({ useDraft: true, version: undefined, contextId: undefined });
    expect(StartQuerySchema.parse({ version: '2', contextId: 'ctx' })).toEqual({ useDraft: undefined, version: 2, contextId: 'ctx' });
    expect(errors(StartQuerySchema.safeParse({ useDraft: 'true', version: '2' }))).toEqual([
      'useDraft: Please provide either useDraft or version, not both.',
    ]);
    expect(errors(StartQuerySchema.safeParse({ version: 'two' }))).toEqual(['version: Please provide a valid version.']);
  });

  it('splits session filters and relationships on commas', () => {
    expect(SessionInfoQuerySchema.parse({})).toEqual({ filter: ['version'], relationships: undefined });
    expect(SessionInfoQuerySchema.parse({ filter: 'version,facts', relationships: 'visits, pays with' })).toEqual({
      filter: ['version', 'facts'],
      relationships: ['visits', 'pays with'],
    });
    expect(SessionInfoQuerySchema.safeParse({ filter: 'everything' }).success).toBe(false);
  });

  it('reads the interactions format in any case', () => {
    expect(InteractionsQuerySchema.parse({ format: 'CSV' })).toEqual({ format: 'csv' });
    expect(InteractionsQuerySchema.parse({})).toEqual({ format: 'json' });
    expect(InteractionsQuerySchema.safeParse({ format: 'xml' }).success).toBe(false);
  });
});

describe('received responses', () => {
  it('fills what older engines omit', () => {
    const question = ReceivedConsultationResponseSchema.parse({
      question: {
        subject: 'John',
        dataType: 'string',
        relationship: 'lives in',
        type: 'Second Form Object',
        plural: false,
        allowCF: true,
        allowUnknown: false,
        canAdd: true,
        prompt: 'Where does John live?',
        knownAnswers: [],
      },
    });
    expect(question).toMatchObject({ sid: '', question: { concepts: [] } });
    const result = ReceivedConsultationResponseSchema.parse({
      result: [{ subject: 'Ben', relationshipType: 'can claim', object: 'repair', certainty: 100, factID: 'WA:RF:1', objectMetadata: {} }],
      queryProfile: [],
      sid: 's',
    });
    expect(result).toMatchObject({ stats: {}, result: [{ relationship: 'can claim', subjectMetadata: {} }] });
  });

  it('reads the live evidence source "km"', () => {
    const record = ReceivedEvidenceRecordSchema.parse({
      factID: 'WA:KF:1',
      source: 'km',
      fact: {
        subject: { type: 'c', value: 'a', dataType: 'string' },
        relationship: { type: 'r' },
        object: { type: 'c', value: 'b', dataType: 'string' },
        certainty: 100,
      },
      time: 1,
    });
    expect(record.source).toBe('knowledgemap');
  });
});
