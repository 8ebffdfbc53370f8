import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { explainFact } from '../explain/explain-fact';
import { corpusMap } from '../test-support/corpus';
import { buildVocabulary } from '../vocabulary/build';
import { chatCompletion } from './client';
import { completionsUrl, providerConfigFromEnv, type ProviderConfig } from './config';
import { providerUnderstand } from './understand';
import { startFakeProvider, type FakeProvider } from './test-support/fake-provider';

const vocabulary = buildVocabulary(corpusMap('bundled:hello-world'));
const NOW = Date.UTC(2026, 4, 13, 10);
let fake: FakeProvider;
let config: ProviderConfig;

beforeAll(async () => {
  fake = await startFakeProvider();
  config = { url: fake.url, model: 'test-model', key: 'sk-test', timeoutMs: 2000 };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const read = (prompt: string, options: { timeoutMs?: number } = {}) =>
  providerUnderstand({ ...config, ...options })(prompt, vocabulary, { now: NOW, referents: { lastSubject: new Map() } });

describe('provider configuration', () => {
  it('comes from the environment, and is off without URL and model', () => {
    expect(providerConfigFromEnv({})).toBeUndefined();
    expect(providerConfigFromEnv({ LAPWING_NL_PROVIDER_URL: 'http://localhost:11434/v1' })).toBeUndefined();
    expect(
      providerConfigFromEnv({
        LAPWING_NL_PROVIDER_URL: 'http://localhost:11434/v1',
        LAPWING_NL_PROVIDER_MODEL: 'm',
        LAPWING_NL_PROVIDER_KEY: 'k',
        LAPWING_NL_PROVIDER_TIMEOUT_MS: '500',
      }),
    ).toEqual({
      url: 'http://localhost:11434/v1',
      model: 'm',
      key: 'k',
      timeoutMs: 500,
    });
    expect(completionsUrl({ url: 'http://h/v1/', model: 'm', timeoutMs: 1 })).toBe('http://h/v1/chat/completions');
    expect(completionsUrl({ url: 'http://h/v1/chat/completions', model: 'm', timeoutMs: 1 })).toBe('http://h/v1/chat/completions');
  });
});

describe('reading prompts with a provider', () => {
  it('is not called when the offline reader places everything', async () => {
    const reading = await read('Does Ada speak French?');
    expect(reading.interpretation).toMatchObject({ kind: 'query', query: { subject: 'Ada', relationship: 'speaks', object: 'French' } });
    expect(reading.usage.totalTokens).toBe(0);
    expect(fake.requests).toHaveLength(0);
  });

  it('reads other languages into a query checked against the map, counting tokens', async () => {
    fake.answer({
      content: JSON.stringify({ kind: 'query', query: { subject: 'Ada', relationship: 'speaks', object: 'french' } }),
      usage: { prompt_tokens: 300, completion_tokens: 20, total_tokens: 320 },
    });
    const reading = await read('¿Habla Ada francés?');
    expect(reading.interpretation).toMatchObject({ kind: 'query', query: { subject: 'Ada', relationship: 'speaks', object: 'French' } });
    expect(reading.usage).toEqual({ promptTokens: 300, completionTokens: 20, totalTokens: 320 });
    const [request] = fake.requests;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body.model).toBe('test-model');
    expect(request.body.response_format).toEqual({ type: 'json_object' });
    // The provider receives map content and the user's text (the workbench says so before first use).
    expect(request.body.messages?.[0].content).toContain('"name":"lives in"');
    expect(request.body.messages?.[1].content).toBe('¿Habla Ada francés?');
  });

  it('never lets a model inject an unknown relationship or an out-of-range certainty', async () => {
    fake.answer({
      content: JSON.stringify({
        kind: 'statements',
        facts: [
          { subject: 'Ada', relationship: 'lives in', object: 'Spain', certainty: 90 },
          { subject: 'Ada', relationship: 'owns a boat in', object: 'Spain', certainty: 100 },
          { subject: 'Ada', relationship: 'lives in', object: 'France', certainty: 250 },
          { subject: 'Ada', relationship: 'is aged', object: 'old', certainty: 100 },
        ],
      }),
    });
    const reading = await read('Ada vive en España, seguro al 90%');
    expect(reading.interpretation.kind).toBe('statements');
    expect(reading.interpretation.facts.valid).toEqual([{ subject: 'Ada', relationship: 'lives in', object: 'Spain', certainty: 90 }]);
    expect(reading.interpretation.facts.invalid.map((fact) => fact.reason)).toEqual([
      "This map has no relationship 'owns a boat in'",
      'Certainty 250 is outside 1-100',
      "'is aged' needs a number, not 'old'",
    ]);
  });

  it('keeps the offline reading when the reply does not fit the map (tokens still counted)', async () => {
    fake.answer({ content: JSON.stringify({ kind: 'query', query: { subject: 'Ada', relationship: 'has a cat called' } }) });
    const reading = await read('Le chat de Ada?');
    expect(reading.interpretation.kind).toBe('error');
    expect(reading.usage.totalTokens).toBe(150);
    fake.answer({ content: 'I think Ada speaks French!' });
    expect((await read('Le chat de Ada?')).interpretation.kind).toBe('error');
  });

  it('falls back to the offline reader on HTTP errors and timeouts', async () => {
    fake.answer({ status: 503, body: '{"error":"overloaded"}' });
    const failed = await read('Qui habite en France?');
    expect(failed).toMatchObject({ interpretation: { kind: 'error' }, usage: { totalTokens: 0 } });

    // The call's own 200 ms limit ended the wait, not the configured 2 s: the failure names it (no clock read here).
    fake.answer({ hang: true });
    const failures: (string | undefined)[] = [];
    const timedOut = await providerUnderstand({ ...config, timeoutMs: 200 }, { listener: (event) => failures.push(event.message) })(
      'Qui habite en France?',
      vocabulary,
      { now: NOW, referents: { lastSubject: new Map() } },
    );
    expect(failures).toEqual(['the provider did not answer within 200 ms']);
    expect(timedOut).toMatchObject({ interpretation: { kind: 'error' }, usage: { totalTokens: 0 } });
    expect(await chatCompletion({ ...config, timeoutMs: 100 }, [{ role: 'user', content: 'x' }])).toMatchObject({
      ok: false,
      reason: 'timeout',
    });
  });

  it('answers pending questions only as they were asked', async () => {
    const pending = [
      {
        relationship: 'lives in',
        subject: 'Ada',
        type: 'Second Form Object' as const,
        dataType: 'string' as const,
        plural: false,
        allowCF: true,
        allowUnknown: false,
        canAdd: false,
        prompt: 'Which country does Ada live in?',
        knownAnswers: [],
        concepts: [],
      },
    ];
    fake.answer({
      content: JSON.stringify({
        kind: 'answers',
        answers: [
          { relationship: 'lives in', subject: 'Ada', object: 'spain' },
          { relationship: 'speaks', subject: 'Ada', object: 'Spanish' },
        ],
      }),
    });
    const reading = await providerUnderstand(config)('Vive en España', vocabulary, { now: NOW, pending });
    expect(reading.interpretation).toEqual({
      kind: 'answers',
      answers: [{ relationship: 'lives in', subject: 'Ada', object: 'Spain', certainty: 100 }],
      facts: { valid: [], invalid: [], unmatched: [] },
    });
  });
});

describe('explaining with a provider', () => {
  const record = {
    factID: 'f1',
    source: 'answer' as const,
    fact: {
      subject: { type: 'person', value: 'Ada', dataType: 'string' },
      relationship: { type: 'lives in' },
      object: { type: 'country', value: 'Spain', dataType: 'string' },
      certainty: 100,
    },
    time: 0,
  };

  it('writes other languages through the provider, and says clearly when it cannot', async () => {
    fake.answer({
      content: 'Ada vit en Espagne (certitude 100 %) : vous nous l’avez dit.',
      usage: { prompt_tokens: 80, completion_tokens: 15, total_tokens: 95 },
    });
    const french = await explainFact({ factID: 'f1', language: 'fr', lookup: () => record, provider: config });
    expect(french).toEqual({
      explanation: 'Ada vit en Espagne (certitude 100 %) : vous nous l’avez dit.',
      usage: { promptTokens: 80, completionTokens: 15, totalTokens: 95 },
    });
    expect(fake.requests[0].body.messages?.[1].content).toContain('Ada lives in Spain (100% certain) is an answer given in this session');

    fake.answer({ status: 500, body: '' });
    const failed = await explainFact({ factID: 'f1', language: 'fr', lookup: () => record, provider: config });
    expect(failed.error).toMatchObject({ code: 111, message: expect.stringContaining('failed') });
    expect(failed.explanation).toContain('Ada lives in Spain');

    const offline = await explainFact({ factID: 'f1', language: 'de', lookup: () => record });
    expect(offline.error).toMatchObject({ code: 111, message: expect.stringContaining('none is configured') });
  });
});
