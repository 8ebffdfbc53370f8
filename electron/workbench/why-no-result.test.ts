/**
 * "Why no result?" through the workbench's handlers: a query on Local that concludes nothing is
 * explained from the session inside the embedded engine (a real server, SQLite on disk); a remote
 * environment (another real Decision API server) is told it is available on Local only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodInput, MethodName, MethodOutput } from '../common/ipc';
import { addMapOverHttp } from '../server/test-support/consult';
import { TEST_API_KEY, startTestServer, type TestServer } from '../server/test-support/harness';
import type { Workbench } from './create-workbench';
import { createDefaultWorkbench } from './defaults';
import { FakeKeychain } from './test-support/fakes';

/** People speak the national language of where they live; Spain has none here. */
const LANGUAGES = `<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="Person" type="string"/>
  <concept name="Country" type="string"/>
  <concept name="Language" type="string"/>
  <rel name="lives in" subject="Person" object="Country" askable="secondFormObject" allowUnknown="true">
    <secondFormObject>Which country does %S live in?</secondFormObject>
  </rel>
  <rel name="national language" subject="Country" object="Language" askable="none"/>
  <rel name="speaks" subject="Person" object="Language" plural="true" askable="none"/>
  <concinst name="France" type="Country"/>
  <concinst name="Spain" type="Country"/>
  <concinst name="French" type="Language"/>
  <relinst type="national language" subject="France" object="French"/>
  <relinst type="speaks" cf="80" name="Home language">
    <condition rel="lives in" subject="%S" object="%COUNTRY"/>
    <condition rel="national language" subject="%COUNTRY" object="%O"/>
  </relinst>
</rbl:kb>
`;

const appRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
let dataDir: string;
let workbench: Workbench;
let remote: TestServer;

async function call<M extends MethodName>(method: M, input: MethodInput<M>) {
  return workbench.dispatch(method, input);
}

async function value<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const result = await call(method, input);
  if (!result.ok) throw new Error(`${method}: ${result.error.code}: ${result.error.message}`);
  return result.value as MethodOutput<M>;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lapwing-why-'));
  workbench = await createDefaultWorkbench({ dataDir, appRoot, mode: 'browser', keychain: new FakeKeychain() });
  remote = await startTestServer();
}, 120_000);
afterAll(async () => {
  await workbench?.dispose();
  await remote?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('consultation.whyNoResult', () => {
  it('explains a Local query that concluded nothing: the rule and the condition that stopped it', async () => {
    const imported = await value('maps.import', { text: LANGUAGES, fileName: 'languages.rbl', name: 'Languages' });
    const mapId = imported.map?.id ?? '';
    const { sessionId } = await value('consultation.start', { environmentId: 'local', mapId, versionPolicy: { kind: 'draft' } });

    // Before any query there is nothing to explain: a clear refusal, not an empty report.
    expect(await call('consultation.whyNoResult', { sessionId })).toMatchObject({
      ok: false,
      error: { code: 'consultation/session-state', message: 'No query has been run in this session: run one first.' },
    });

    await value('consultation.inject', {
      sessionId,
      facts: [{ subject: 'Ann', relationship: 'lives in', object: 'Spain', certainty: 100 }],
    });
    const response = await value('consultation.query', { sessionId, query: { subject: 'Ann', relationship: 'speaks' } });
    expect(response).toMatchObject({ result: [] });

    const why = await value('consultation.whyNoResult', { sessionId });
    expect(why.concluded).toBe(false);
    expect(why.summary).toBe('Nothing concluded "speaks" for Ann: its one rule stopped, as shown.');
    expect(why.rules).toHaveLength(1);
    expect(why.rules[0]).toMatchObject({
      name: 'Home language',
      relationship: 'speaks',
      line: 15,
      conditions: ['lives in', 'national language'],
      stop: { kind: 'no-fact', wanted: 'Spain national language ?', condition: { index: 1, line: 17 } },
      bindings: [
        { variable: 'S', value: 'Ann' },
        { variable: 'COUNTRY', value: 'Spain' },
      ],
    });
  });

  it('is refused for an unknown session', async () => {
    expect(await call('consultation.whyNoResult', { sessionId: 'no-such-session' })).toMatchObject({
      ok: false,
      error: { code: 'consultation/session-not-found' },
    });
  });

  it('says a remote environment has no such call: it is available on Local only', async () => {
    const kmId = await addMapOverHttp(remote, LANGUAGES, 'Languages');
    const environment = await value('environments.save', { name: 'Staging', kind: 'enterprise', baseUrl: remote.url, defaultMapId: kmId });
    await value('keys.set', { environmentId: environment.id, kind: 'api', value: TEST_API_KEY });
    const { sessionId } = await value('consultation.start', { environmentId: environment.id, versionPolicy: { kind: 'draft' } });
    await value('consultation.query', { sessionId, query: { subject: 'Bob', relationship: 'speaks' } });
    const refused = await call('consultation.whyNoResult', { sessionId });
    expect(refused).toMatchObject({ ok: false, error: { code: 'consultation/local-only' } });
    expect(refused.ok ? '' : refused.error.message).toContain('available on Local only');
  });
});
