/**
 * One registry, wherever you start: a map added with `lapwing map add` shows in the workbench's
 * Maps list (while the workbench runs, through its change generation), and a map imported in the
 * workbench shows in `lapwing map list`, both on the same data folder.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languagesMap } from '../../cases/test-support/server';
import { registryFileOf } from '../../server';
import { createDefaultWorkbench, type Workbench } from '../../workbench';
import { FakeKeychain } from '../../workbench/test-support/fakes';
import { run } from '../test-support';
import { callsOn } from '../../workbench/test-support/calls';

let data: string;
let workbench: Workbench;
const { value } = callsOn(() => workbench);

beforeAll(async () => {
  data = mkdtempSync(join(tmpdir(), 'lapwing-shared-registry-'));
  // The real workbench (bundled maps, embedded engine), with a keychain that needs no Secret Service.
  workbench = await createDefaultWorkbench({
    dataDir: data,
    appRoot: fileURLToPath(new URL('../../..', import.meta.url)),
    mode: 'browser',
    keychain: new FakeKeychain(),
  });
});
afterAll(async () => {
  await workbench?.dispose();
  rmSync(data, { recursive: true, force: true });
});

describe('the CLI and the workbench share one registry', () => {
  it('says where its data and registry live', async () => {
    expect(await value('app.info', {})).toMatchObject({ dataDir: data, registryFile: registryFileOf(data) });
  });

  it('shows a map added with the CLI in the running workbench', async () => {
    const { generation } = await value('maps.changes', {});
    const file = join(data, 'languages.rbl');
    writeFileSync(file, languagesMap());
    const added = await run('map', 'add', file, '--name', 'From the CLI', '--data', data);
    expect(added.code, added.err).toBe(0);
    const { id } = JSON.parse(added.out) as { id: string };
    expect((await value('maps.changes', {})).generation).not.toBe(generation);
    expect((await value('maps.list', { environmentId: 'local' })).maps).toContainEqual(
      expect.objectContaining({ id, name: 'From the CLI', draft: expect.objectContaining({ errors: 0 }) }),
    );
    // And a version the CLI publishes can be started at once.
    await run('map', 'publish', id, '--live', '--note', 'by the CLI', '--data', data);
    const { sessionId } = await value('consultation.start', { environmentId: 'local', mapId: id, versionPolicy: { kind: 'live' } });
    expect((await value('consultation.sessionInfo', { sessionId, filter: 'version' })).km).toMatchObject({ versionStatus: 'Version1' });
  });

  it('shows a map imported in the workbench in `lapwing map list`', async () => {
    const imported = await value('maps.import', { text: languagesMap(70), fileName: 'seventy.rbl' });
    const listed = await run('map', 'list', '--data', data);
    expect(JSON.parse(listed.out)).toContainEqual(expect.objectContaining({ id: imported.map?.id, name: 'seventy' }));
  });
});
