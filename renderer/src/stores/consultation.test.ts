import { describe, expect, it } from 'vitest';
import { watch } from 'vue';
import type { TranscriptStep } from '../../../electron/common/ipc';
import { environment, mapSummary, results, transcript } from '../test-support/fixtures';
import { failed, installFakeHost, ok, type Handlers } from '../test-support/fake-host';
import { useConsultationStore } from './consultation';
import { useTargetStore } from './target';

const target = {
  environmentId: 'local',
  environmentName: 'Local',
  baseUrl: 'http://127.0.0.1:1',
  mapId: 'm1',
  versionPolicy: { kind: 'live' as const },
};

function host(extra: Handlers = {}) {
  return installFakeHost({
    'environments.list': () => ok({ environments: [environment('local', { defaultMapId: 'm1' })] }),
    'maps.list': () => ok({ listable: true, maps: [mapSummary('m1')] }),
    'maps.get': () => ok({ vocabulary: null } as never),
    'consultation.start': () => ok({ sessionId: 'S1', kmVersionId: 'v1', target, startedAt: '2026-01-01T00:00:00.000Z' }),
    'consultation.transcript': () => ok(transcript([])),
    'consultation.inject': ({ facts }) => ok({ injected: facts.length, batches: 1, response: { result: 'OK' as const } }),
    'consultation.query': () => ok(results(['Ada', 'lives in', 'England', 90])),
    ...extra,
  });
}

describe('consultation store', () => {
  it('asks for a target before starting', async () => {
    installFakeHost();
    const consultation = useConsultationStore();
    expect(await consultation.start()).toBe(false);
    expect(consultation.error?.code).toBe('consultation/no-target');
  });

  it('injects in batches of 250, one call each, and counts what went in', async () => {
    const fake = host();
    await useTargetStore().init();
    const consultation = useConsultationStore();
    const facts = Array.from({ length: 600 }, (_, index) => ({
      subject: `P${index}`,
      relationship: 'speaks',
      object: 'English',
      certainty: 100,
    }));
    expect(await consultation.inject(facts)).toBe(true);
    expect(fake.inputs('consultation.inject').map((input) => input.facts.length)).toEqual([250, 250, 100]);
    expect(consultation.injectedCount).toBe(600);
    expect(consultation.injectProgress).toEqual({ done: 600, total: 600 });
  });

  it('starts a session on the chosen target and shows the query’s results', async () => {
    const fake = host();
    await useTargetStore().init();
    const consultation = useConsultationStore();
    expect(await consultation.query({ subject: 'Ada', relationship: 'lives in' })).toBe(true);
    expect(fake.inputs('consultation.start')).toEqual([{ environmentId: 'local', mapId: 'm1', versionPolicy: { kind: 'live' } }]);
    expect(consultation.results?.map((result) => result.object)).toEqual(['England']);
    expect(consultation.targetText).toBe('Local · Map m1 · live');
  });

  it('reads the engine log of the current session only', async () => {
    host({ 'consultation.interactions': ({ sessionId }) => ok({ entries: sessionId === 'S1' ? [] : [] }) });
    const consultation = useConsultationStore();
    expect((await consultation.interactions()).ok).toBe(false);
    await useTargetStore().init();
    await consultation.start();
    expect(await consultation.interactions()).toEqual({ ok: true, value: { entries: [] } });
  });

  it('explains a query that concluded nothing, and only then', async () => {
    const why = {
      query: { relationship: 'speaks', subject: 'Ann' },
      concluded: false,
      summary: 'Nothing concluded "speaks" for Ann.',
      rules: [],
    };
    const fake = host({ 'consultation.query': () => ok(results()), 'consultation.whyNoResult': () => ok(why) });
    await useTargetStore().init();
    const consultation = useConsultationStore();
    expect(await consultation.query({ subject: 'Ann', relationship: 'speaks' })).toBe(true);
    expect(fake.inputs('consultation.whyNoResult')).toEqual([{ sessionId: 'S1' }]);
    expect(consultation.whyNoResult).toEqual(why);

    fake.on('consultation.query', () => ok(results(['Ann', 'speaks', 'French', 80])));
    expect(await consultation.query({ subject: 'Ann', relationship: 'speaks' })).toBe(true);
    expect(fake.inputs('consultation.whyNoResult')).toHaveLength(1);
    expect(consultation.whyNoResult).toBeNull();
  });

  it('says why there is no explanation on a remote environment', async () => {
    host({
      'consultation.query': () => ok(results()),
      'consultation.whyNoResult': () => failed('consultation/local-only', '"Why no result?" is available on Local only.'),
    });
    await useTargetStore().init();
    const consultation = useConsultationStore();
    await consultation.query({ subject: 'Ann', relationship: 'speaks' });
    expect(consultation.whyNoResult).toBeNull();
    expect(consultation.whyNoResultNote).toBe('"Why no result?" is available on Local only.');
    expect(consultation.error).toBeNull();
  });
  it('shows a reply only once the transcript counts it, so Undo pressed as the reply appears is not "nothing to undo"', async () => {
    const at = '2026-01-01T00:00:01.000Z';
    let steps: TranscriptStep[] = [];
    host({
      'consultation.transcript': () => ok(transcript(steps)),
      'consultation.query': ({ query }) => {
        const reply = results(['Ada', 'speaks', 'English', 60]);
        steps = [{ kind: 'query', at, query, response: reply }];
        return ok(reply);
      },
      'consultation.respond': ({ answers }) => {
        const reply = results(['Ada', 'speaks', 'English', 100]);
        steps = [...steps, { kind: 'respond', at, answers, response: reply }];
        return ok(reply);
      },
    });
    await useTargetStore().init();
    const consultation = useConsultationStore();
    const undoableWhenShown: number[] = [];
    watch(
      () => consultation.response,
      () => undoableWhenShown.push(consultation.undoableAnswers),
      { flush: 'sync' },
    );
    expect(await consultation.query({ subject: 'Ada', relationship: 'speaks' })).toBe(true);
    expect(await consultation.respond([])).toBe(true);
    expect(undoableWhenShown).toEqual([0, 1]);
  });
});
