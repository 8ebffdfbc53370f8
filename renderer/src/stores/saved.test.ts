import { describe, expect, it } from 'vitest';
import type { ReplayedStep } from '../../../electron/common/ipc';
import { results, savedConsultation } from '../test-support/fixtures';
import { failed, installFakeHost, ok } from '../test-support/fake-host';
import { useSavedStore } from './saved';

const AT = '2026-01-01T00:00:00.000Z';
const steps = [
  {
    kind: 'inject' as const,
    at: AT,
    facts: [{ subject: 'Ada', relationship: 'speaks', object: 'English', certainty: 100 }],
    response: { result: 'OK' as const },
  },
  {
    kind: 'query' as const,
    at: AT,
    query: { subject: 'Ada', relationship: 'lives in' },
    response: results(['Ada', 'lives in', 'England', 90]),
  },
];

function replayed(index: number, outcome: ReplayedStep['outcome'], done: boolean): ReplayedStep {
  return {
    index,
    kind: steps[index]!.kind,
    outcome,
    message: outcome === 'same' ? 'Same reply as recorded.' : 'England: expected 90% ± 0, got 80%',
    done,
  };
}

describe('saved consultations store', () => {
  it('searches with the criteria given (trimmed), and lists everything without any', async () => {
    const host = installFakeHost({
      'consultations.list': () => ok({ items: [], total: 0 }),
      'consultations.search': () => ok({ items: [], total: 0 }),
    });
    const saved = useSavedStore();
    await saved.search();
    saved.criteria.subject = '  Ada ';
    await saved.search();
    expect(host.inputs('consultations.list')).toHaveLength(1);
    expect(host.inputs('consultations.search')).toEqual([{ subject: 'Ada' }]);
  });

  it('replays through the host step by step and shows what the Node side compared', async () => {
    const outcomes = [replayed(0, 'same', false), replayed(1, 'different', true)];
    const host = installFakeHost({
      'consultations.get': ({ id }) => ok(savedConsultation(id, steps)),
      'consultations.replayStart': () => ok({ sessionId: 'R1', steps: steps.length }),
      'consultations.replayStep': () => ok(outcomes.shift()!),
      'consultations.replayStop': () => ok({ stopped: true }),
    });
    const saved = useSavedStore();
    await saved.open('c1');
    expect(await saved.startReplay('local', 'm1', { kind: 'version', version: 2 })).toBe(true);
    expect(host.inputs('consultations.replayStart')).toEqual([
      { id: 'c1', environmentId: 'local', mapId: 'm1', versionPolicy: { kind: 'version', version: 2 } },
    ]);
    await saved.replayNext();
    await saved.replayNext();
    expect(saved.replayed.map((step) => step.outcome)).toEqual(['same', 'different']);
    expect(saved.replayDone).toBe(true);
    expect(await saved.replayNext()).toBeNull();
    expect(host.inputs('consultations.replayStep')).toEqual([{ sessionId: 'R1' }, { sessionId: 'R1' }]);
    saved.close();
    expect(host.inputs('consultations.replayStop')).toEqual([{ sessionId: 'R1' }]);
    expect(saved.replayed).toEqual([]);
  });

  it('keeps the error of a replay that cannot start or a step that failed', async () => {
    const host = installFakeHost({
      'consultations.get': ({ id }) => ok(savedConsultation(id, steps)),
      'consultations.replayStart': () => failed('consultations/not-found', 'No such consultation.'),
    });
    const saved = useSavedStore();
    await saved.open('c1');
    expect(await saved.startReplay('local', 'm1', { kind: 'live' })).toBe(false);
    expect(saved.replayError?.message).toBe('No such consultation.');

    host.on('consultations.replayStart', () => ok({ sessionId: 'R2', steps: 2 }));
    host.on('consultations.replayStep', () =>
      ok({ ...replayed(0, 'failed', false), message: 'engine down', error: { code: 'engine/unreachable', message: 'engine down' } }),
    );
    await saved.startReplay('local', 'm1', { kind: 'live' });
    const step = await saved.replayNext();
    expect(step?.outcome).toBe('failed');
    expect(saved.replayError?.code).toBe('engine/unreachable');
  });
});
