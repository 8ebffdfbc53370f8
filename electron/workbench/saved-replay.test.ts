import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok, type TranscriptStep } from '../common/ipc';
import { createHarness, type Harness } from './test-support/harness';

let harness: Harness;
afterEach(async () => harness?.dispose());

/** A saved consultation of the fake engine: ask where John lives, answer England, get "speaks English" at 75. */
async function savedConsultation(): Promise<{ id: string; steps: TranscriptStep[] }> {
  harness = await createHarness();
  await harness.value('consultation.start', { environmentId: 'local' });
  await harness.value('consultation.query', { sessionId: 'session-1', query: { subject: 'John', relationship: 'speaks' } });
  await harness.value('consultation.respond', {
    sessionId: 'session-1',
    answers: [{ subject: 'John', relationship: 'lives in', object: 'England' }],
  });
  const saved = await harness.value('consultations.save', { sessionId: 'session-1' });
  return { id: saved.id, steps: (await harness.value('consultations.get', { id: saved.id })).transcript.steps };
}

const replayOn = (id: string) =>
  harness.value('consultations.replayStart', { id, environmentId: 'local', mapId: 'hello-world', versionPolicy: { kind: 'live' } });

describe('replaying a saved consultation on the Node side', () => {
  it('sends each recorded step again and finds the same replies', async () => {
    const { id } = await savedConsultation();
    const { sessionId, steps } = await replayOn(id);
    expect(steps).toBe(2);
    expect(await harness.value('consultations.replayStep', { sessionId })).toMatchObject({
      index: 0,
      kind: 'query',
      outcome: 'same',
      done: false,
    });
    expect(await harness.value('consultations.replayStep', { sessionId })).toMatchObject({
      index: 1,
      kind: 'respond',
      outcome: 'same',
      message: 'Same reply as recorded.',
      done: true,
    });
    expect(await harness.call('consultations.replayStep', { sessionId })).toMatchObject({
      ok: false,
      error: { code: 'consultations/replay-not-found' },
    });
    // The replay is a consultation of its own, recorded as any other.
    expect((await harness.value('consultation.transcript', { sessionId })).steps.map((step) => step.kind)).toEqual(['query', 'respond']);
  });

  it('judges a reply as a test case saved from the consultation would: the recorded certainty exactly', async () => {
    const { id, steps } = await savedConsultation();
    const recorded = steps[1]!.kind === 'respond' ? steps[1]!.response : null;
    if (!recorded || !('result' in recorded)) throw new Error('the fake engine concludes on the answer');
    harness.api.respond = async () => ok({ ...recorded, result: recorded.result.map((result) => ({ ...result, certainty: 80 })) });
    const { sessionId } = await replayOn(id);
    await harness.value('consultations.replayStep', { sessionId });
    const step = await harness.value('consultations.replayStep', { sessionId });
    expect(step.outcome).toBe('different');
    expect(step.message).toContain('expected 75% ± 0, got 80%');
  });

  it('reports a failed call as the step’s outcome, and stops a replay once', async () => {
    const { id } = await savedConsultation();
    harness.api.query = async () => fail('engine/unreachable', 'The engine cannot be reached.');
    const { sessionId } = await replayOn(id);
    expect(await harness.value('consultations.replayStep', { sessionId })).toMatchObject({
      outcome: 'failed',
      error: { code: 'engine/unreachable' },
    });
    expect(await harness.value('consultations.replayStop', { sessionId })).toEqual({ stopped: true });
    expect(await harness.value('consultations.replayStop', { sessionId })).toEqual({ stopped: false });
    expect(await harness.call('consultations.replayStep', { sessionId: 'nobody' })).toMatchObject({
      ok: false,
      error: { code: 'consultations/replay-not-found' },
    });
  });
});
