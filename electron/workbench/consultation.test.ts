import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './test-support/harness';

let harness: Harness;
afterEach(async () => harness?.dispose());

const fact = (index: number) => ({ subject: `P${index}`, relationship: 'lives in', object: 'France' });

describe('a consultation through the contract', () => {
  it('starts on Local with the default map, injects in batches, asks, answers, undoes and concludes', async () => {
    harness = await createHarness();
    const started = await harness.value('consultation.start', { environmentId: 'local' });
    expect(started).toMatchObject({
      sessionId: 'session-1',
      target: { environmentId: 'local', mapId: 'hello-world', versionPolicy: { kind: 'live' }, baseUrl: 'http://127.0.0.1:9' },
    });
    expect(harness.api.calls[0]?.endpoint.apiKey).toBe('local-run-key');

    const injected = await harness.value('consultation.inject', {
      sessionId: 'session-1',
      facts: Array.from({ length: 600 }, (_, i) => fact(i)),
    });
    expect(injected).toMatchObject({ injected: 600, batches: 3 });

    const question = await harness.value('consultation.query', {
      sessionId: 'session-1',
      query: { subject: 'John', relationship: 'speaks' },
    });
    expect('question' in question && question.question.prompt).toBe('Where does John live?');
    const result = await harness.value('consultation.respond', {
      sessionId: 'session-1',
      answers: [{ subject: 'John', relationship: 'lives in', object: 'England', certainty: 100 }],
    });
    expect('result' in result && result.result[0]?.certainty).toBe(75);
    await harness.value('consultation.undo', { sessionId: 'session-1' });

    const transcript = await harness.value('consultation.transcript', { sessionId: 'session-1' });
    expect(transcript.steps.map((step) => step.kind)).toEqual(['inject', 'query', 'respond', 'undo']);
    expect(transcript.steps[0]).toMatchObject({ kind: 'inject', facts: expect.arrayContaining([{ ...fact(0), certainty: 100 }]) });
  });

  it('saves the session, reopens it, searches it and deletes it', async () => {
    harness = await createHarness();
    await harness.value('consultation.start', { environmentId: 'local' });
    await harness.value('consultation.query', { sessionId: 'session-1', query: { subject: 'John', relationship: 'speaks' } });
    await harness.value('consultation.respond', {
      sessionId: 'session-1',
      answers: [{ subject: 'John', relationship: 'lives in', object: 'England' }],
    });

    const saved = await harness.value('consultations.save', { sessionId: 'session-1', notes: 'English via England' });
    expect(saved).toMatchObject({ title: 'speaks(John, ?)', questionCount: 1, results: [{ object: 'English', certainty: 75 }] });
    const renamed = await harness.value('consultations.save', { id: saved.id, title: 'John speaks English' });
    expect(renamed.title).toBe('John speaks English');

    const reopened = await harness.value('consultations.get', { id: saved.id });
    expect(reopened.notes).toBe('English via England');
    expect(reopened.transcript.steps.map((step) => step.kind)).toEqual(['query', 'respond']);

    expect((await harness.value('consultations.search', { relationship: 'lives in', subject: 'john' })).total).toBe(1);
    expect((await harness.value('consultations.search', { text: 'via england' })).total).toBe(1);
    expect((await harness.value('consultations.search', { mapId: 'other' })).total).toBe(0);
    expect((await harness.value('consultations.list', {})).items.map((item) => item.id)).toEqual([saved.id]);

    // A replayed transcript (held by the renderer) is saved as a new consultation.
    const replay = await harness.value('consultations.save', { transcript: reopened.transcript, title: 'Replay' });
    expect(replay.id).not.toBe(saved.id);

    expect(await harness.value('consultations.delete', { id: saved.id })).toEqual({ deleted: true });
    expect(await harness.call('consultations.get', { id: saved.id })).toMatchObject({
      ok: false,
      error: { code: 'consultations/not-found' },
    });
  });

  it('fetches evidence with the Local registry key, and explains a missing key on a remote', async () => {
    harness = await createHarness();
    await harness.value('consultation.start', { environmentId: 'local' });
    const evidence = await harness.value('consultation.evidence', { sessionId: 'session-1', factId: 'WA:RF:abc' });
    expect(evidence.factID).toBe('WA:RF:abc');
    expect(await harness.call('consultation.evidence', { sessionId: 'session-1', factId: 'WA:XX:0f' })).toMatchObject({
      ok: false,
      error: { code: 'evidence/synthetic' },
    });

    const remote = await harness.value('environments.save', {
      name: 'Remote',
      kind: 'custom',
      baseUrl: 'https://remote.example.com',
      defaultMapId: 'hello-world',
    });
    await harness.value('keys.set', { environmentId: remote.id, kind: 'api', value: 'api-secret' });
    await harness.value('consultation.start', { environmentId: remote.id });
    const locked = await harness.call('consultation.evidence', { sessionId: 'session-1', factId: 'WA:RF:abc' });
    expect(locked).toMatchObject({
      ok: false,
      error: { code: 'evidence/locked', message: expect.stringContaining('no evidence key is set for Remote') },
    });

    await harness.value('keys.set', { environmentId: remote.id, kind: 'evidence', value: 'evidence-secret' });
    expect((await harness.value('consultation.evidence', { sessionId: 'session-1', factId: 'WA:RF:abc' })).source).toBe('rule');
    const evidenceCall = harness.api.calls.filter((call) => call.method === 'evidence').at(-1);
    expect(evidenceCall?.endpoint).toMatchObject({
      baseUrl: 'https://remote.example.com',
      apiKey: 'api-secret',
      evidenceKey: 'evidence-secret',
    });
  });

  it('says which key to set when a remote refuses the start', async () => {
    harness = await createHarness();
    const result = await harness.call('consultation.start', { environmentId: 'community', mapId: 'some-map' });
    expect(result).toMatchObject({ ok: false, error: { code: 'engine/rejected', message: expect.stringContaining('check the API key') } });
  });

  it('answers session-not-found for a session it does not know', async () => {
    harness = await createHarness();
    expect(await harness.call('consultation.undo', { sessionId: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'consultation/session-not-found' },
    });
  });

  it('keeps Local working when the keychain is unavailable, and never writes keys to SQLite', async () => {
    harness = await createHarness();
    await harness.value('keys.set', { environmentId: 'community', kind: 'api', value: 'SECRET-VALUE-1234' });
    harness.keychain.available = false;
    await harness.value('consultation.start', { environmentId: 'local' });
    expect((await harness.value('consultation.evidence', { sessionId: 'session-1', factId: 'WA:RF:abc' })).factID).toBe('WA:RF:abc');
    await harness.value('consultations.save', { sessionId: 'session-1' });
    await harness.workbench.dispose();
    for (const file of readdirSync(harness.dataDir)) {
      expect(readFileSync(join(harness.dataDir, file)).includes('SECRET-VALUE-1234')).toBe(false);
    }
  });
});
