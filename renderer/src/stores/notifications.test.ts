import { afterEach, describe, expect, it, vi } from 'vitest';
import { environment, mapSummary, results, transcript } from '../test-support/fixtures';
import { failed, installFakeHost, ok } from '../test-support/fake-host';
import { SUCCESS_VISIBLE_MS, useNotificationsStore } from './notifications';
import { useConsultationStore } from './consultation';
import { useTargetStore } from './target';
import { useCasesStore } from './cases';
import { useEnvironmentsStore } from './environments';

const target = {
  environmentId: 'local',
  environmentName: 'Local',
  baseUrl: 'http://127.0.0.1:1',
  mapId: 'm1',
  versionPolicy: { kind: 'live' as const },
};

afterEach(() => {
  vi.useRealTimers();
});

describe('notifications', () => {
  it('keeps an error until it is dismissed, and lets a success go on its own', () => {
    vi.useFakeTimers();
    installFakeHost();
    const notifications = useNotificationsStore();
    const error = notifications.failed('Start a session', { code: 'engine/unreachable', message: 'Could not reach 127.0.0.1:9' });
    notifications.succeeded('Copy the session ID', 'Copied.');
    vi.advanceTimersByTime(SUCCESS_VISIBLE_MS + 1);
    expect(notifications.items.map((item) => item.kind)).toEqual(['error']);
    notifications.dismiss(error.id);
    expect(notifications.items).toEqual([]);
  });

  it('a repeated failure of the same action replaces the older one; its later success clears it', () => {
    installFakeHost();
    const notifications = useNotificationsStore();
    notifications.failed('Run the query', { code: 'engine/rejected', message: 'first' });
    notifications.failed('Run the query', { code: 'engine/rejected', message: 'second' });
    notifications.failed('Inject facts', { code: 'engine/rejected', message: 'other' });
    expect(notifications.items.map((item) => item.message)).toEqual(['second', 'other']);
    notifications.resolved('Run the query');
    expect(notifications.items.map((item) => item.action)).toEqual(['Inject facts']);
  });
});

describe('failures reported from the stores', () => {
  function host(start: () => ReturnType<typeof ok> | ReturnType<typeof failed>) {
    return installFakeHost({
      'environments.list': () => ok({ environments: [environment('local', { defaultMapId: 'm1' })] }),
      'maps.list': () => ok({ listable: true, maps: [mapSummary('m1')] }),
      'maps.get': () => ok({ vocabulary: null } as never),
      'consultation.start': start as never,
      'consultation.close': () => ok({ closed: true }),
      'consultation.transcript': () => ok(transcript([])),
      'consultation.query': () => ok(results(['Ada', 'speaks', 'Welsh', 90])),
    });
  }

  it('a failed start names the action and the cause, and leaves no stale session behind', async () => {
    let refuse = false;
    const fake = host(() =>
      refuse
        ? failed(
            'engine/unreachable',
            'Could not reach 127.0.0.1:9: the connection was refused. Check your network connection and proxy settings.',
          )
        : ok({ sessionId: 'S1', kmVersionId: 'v1', target, startedAt: '2026-01-01T00:00:00.000Z' }),
    );
    await useTargetStore().init();
    const consultation = useConsultationStore();
    expect(await consultation.start()).toBe(true);
    expect(consultation.session?.sessionId).toBe('S1');

    refuse = true;
    expect(await consultation.start()).toBe(false);
    expect(consultation.session).toBeNull();
    expect(consultation.targetText).toBe('');
    expect(fake.inputs('consultation.close')).toEqual([{ sessionId: 'S1' }]);
    const [shown] = useNotificationsStore().items;
    expect(shown).toMatchObject({ kind: 'error', action: 'Start a session', code: 'engine/unreachable' });
    expect(shown.message).toContain('proxy');
  });

  it('undo with nothing to undo calls nothing and records nothing', async () => {
    const fake = host(() => ok({ sessionId: 'S1', kmVersionId: 'v1', target, startedAt: '2026-01-01T00:00:00.000Z' }));
    await useTargetStore().init();
    const consultation = useConsultationStore();
    await consultation.query({ subject: 'Ada', relationship: 'speaks' });
    expect(await consultation.undo()).toBe(false);
    expect(fake.inputs('consultation.undo')).toEqual([]);
    expect(consultation.notice).toContain('Nothing to undo');
    expect(consultation.results?.map((result) => result.object)).toEqual(['Welsh']);
  });

  it('case runs, imports and key tests report their failures by action', async () => {
    installFakeHost({
      'cases.import': () => failed('cases/invalid', 'not valid JSON (line 1)'),
      'keys.test': () => ok({ passed: false, checkedWithEngine: true, status: 401, message: 'Local refused the evidence key.' }),
    });
    await useCasesStore().importFile('{', 'broken.json');
    await useEnvironmentsStore().testKey('local', 'evidence');
    expect(useNotificationsStore().items.map((item) => [item.action, item.message])).toEqual([
      ['Import cases', 'not valid JSON (line 1)'],
      ['Test the evidence key', 'Local refused the evidence key.'],
    ]);
  });
});
