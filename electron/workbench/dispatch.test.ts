import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './test-support/harness';

let harness: Harness;
afterEach(async () => harness?.dispose());

describe('dispatch', () => {
  it('refuses unknown methods and invalid payloads with the field named', async () => {
    harness = await createHarness();
    expect(await harness.workbench.dispatch('nope.nothing', {})).toMatchObject({ ok: false, error: { code: 'ipc/unknown-method' } });
    expect(await harness.workbench.dispatch('constructor', {})).toMatchObject({ ok: false, error: { code: 'ipc/unknown-method' } });
    const bad = await harness.workbench.dispatch('consultation.respond', { sessionId: 's', answers: [{ object: 'x' }] });
    expect(bad).toMatchObject({
      ok: false,
      error: {
        code: 'ipc/invalid-input',
        message: expect.stringContaining('answers.0.relationship'),
        details: [{ path: 'answers.0.relationship' }],
      },
    });
    expect(await harness.workbench.dispatch('app.info', undefined)).toMatchObject({ ok: true });
  });

  it('turns a bug into ipc/internal without leaking its message, and logs it', async () => {
    harness = await createHarness();
    harness.api.query = async () => {
      throw new Error('secret internal path /home/x');
    };
    await harness.value('consultation.start', { environmentId: 'local' });
    const result = await harness.call('consultation.query', { sessionId: 'session-1', query: { subject: 'J', relationship: 'speaks' } });
    expect(result).toMatchObject({ ok: false, error: { code: 'ipc/internal' } });
    expect(JSON.stringify(result)).not.toContain('/home/x');
    expect(harness.bugs).toHaveLength(1);
  });

  it('reports app info and disposes the engine on quit', async () => {
    harness = await createHarness();
    const info = await harness.value('app.info', {});
    expect(info).toMatchObject({
      name: 'Lapwing',
      mode: 'browser',
      localEngine: { url: 'http://127.0.0.1:9', version: '1.2.3' },
      keychain: { available: true },
    });
    await harness.workbench.dispose();
    expect(harness.engineDisposed.value).toBe(true);
  });

  it('keeps running without the embedded engine and says why', async () => {
    harness = await createHarness({
      localEngine: async () => {
        throw new Error('port in use');
      },
    });
    const info = await harness.value('app.info', {});
    expect(info.localEngine).toEqual({ url: null, version: null, error: 'port in use' });
    expect(await harness.call('consultation.start', { environmentId: 'local', mapId: 'm' })).toMatchObject({
      ok: false,
      error: { code: 'engine/unreachable', message: expect.stringContaining('port in use') },
    });
    expect(await harness.value('maps.list', { environmentId: 'community' })).toEqual({ listable: false, maps: [] });
  });

  it('lists Local maps and serves a map with its vocabulary', async () => {
    harness = await createHarness();
    expect((await harness.value('maps.list', { environmentId: 'local' })).maps[0]?.id).toBe('hello-world');
    const map = await harness.value('maps.get', { environmentId: 'local', mapId: 'hello-world' });
    expect(map.vocabulary.relationships[0]).toMatchObject({ name: 'speaks', subjectConcept: 'person', plural: true, canAddObject: false });
    expect(map.vocabulary.concepts.find((concept) => concept.name === 'language')?.instances).toEqual(['English']);
    expect(map.diagnostics).toHaveLength(1);
    expect(await harness.call('maps.get', { environmentId: 'local', mapId: 'missing' })).toMatchObject({
      ok: false,
      error: { code: 'maps/not-found' },
    });
    expect(await harness.call('maps.get', { environmentId: 'community', mapId: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'maps/not-listable' },
    });
  });

  it('answers the change poll even without a Local registry (the engine did not start)', async () => {
    harness = await createHarness();
    expect(await harness.value('maps.changes', {})).toEqual({ generation: '-1:0', lastEvent: 0, events: [] });
    expect(await harness.call('maps.publish', { mapId: 'hello-world' })).toMatchObject({
      ok: false,
      error: { code: 'engine/unreachable' },
    });
  });

  it("fetches a remote map's source from its file endpoint (live or a version), with the environment's key", async () => {
    harness = await createHarness();
    await harness.value('keys.set', { environmentId: 'community', kind: 'api', value: 'community-key' });
    const map = await harness.value('maps.get', { environmentId: 'community', mapId: 'hello-world', versionPolicy: { kind: 'live' } });
    expect(map).toMatchObject({ id: 'hello-world', versionStatus: 'Live', rblang: '<rbl>hello</rbl>' });
    expect(map.file).toBeUndefined();
    expect(
      await harness.call('maps.get', { environmentId: 'community', mapId: 'nope', versionPolicy: { kind: 'version', version: 2 } }),
    ).toMatchObject({ ok: false, error: { code: 'engine/rejected', message: expect.stringContaining('nope') } });
  });
});
