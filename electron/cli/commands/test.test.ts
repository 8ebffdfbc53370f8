import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCaseDocument } from '../../cases/core';
import { adaCase, brunoCase } from '../../cases/test-support/language-cases';
import { languagesMap } from '../../cases/test-support/server';
import { parseXml } from '../../cases/test-support/xml';
import * as engine from '../../engine';
import { addMap, MapRegistry, openServerDatabase, serverDatabaseFile } from '../../server';
import { projectRoot, run } from '../test-support';

let root: string;
let data: string;
let casesDir: string;
let mapId: string;

/** A data folder like `lapwing map add` + `map publish --live` leave it, with a weaker draft rule. */
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'lapwing-cli-test-'));
  data = join(root, 'data');
  mkdirSync(data);
  const db = openServerDatabase(serverDatabaseFile(data));
  const registry = new MapRegistry(db);
  const added = addMap(registry, engine, { source: languagesMap(), name: 'Languages' });
  if (!added.ok) throw new Error('fixture map did not load');
  mapId = added.map.id;
  registry.publish(mapId, { live: true });
  registry.updateDraft(mapId, languagesMap(60));
  db.close();
  casesDir = join(root, 'cases');
  mkdirSync(join(casesDir, 'more'), { recursive: true });
  writeFileSync(join(casesDir, 'ada.case.json'), writeCaseDocument(adaCase(mapId)));
  writeFileSync(join(casesDir, 'more', 'bruno.case.json'), writeCaseDocument({ ...brunoCase(mapId), suite: 'Smoke' }));
  writeFileSync(join(casesDir, 'notes.txt'), 'not a case');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** `node bin/lapwing.mjs ARGS` as CI would run it. */
function lapwing(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, LAPWING_API_KEY: '', LAPWING_EVIDENCE_KEY: '' };
    const child = spawn(process.execPath, [join(projectRoot, 'bin/lapwing.mjs'), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe('lapwing test in a subprocess against the embedded server', () => {
  it('passes on the live version and writes a JUnit file CI can read', async () => {
    const junit = join(root, 'live.xml');
    const result = await lapwing(
      'test',
      casesDir,
      '--target',
      'local',
      '--data',
      data,
      '--map',
      mapId,
      '--live',
      '--reporter',
      'junit',
      '--out',
      junit,
    );
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain('local live: 2 cases, 2 passed, 0 failed, 0 errors');
    const suites = parseXml(readFileSync(junit, 'utf8'));
    expect(suites.attributes).toMatchObject({ tests: '2', failures: '0', errors: '0' });
    expect(suites.children[0].children.map((node) => [node.attributes.name, node.attributes.classname])).toEqual([
      ['Ada, Wales and French lessons', 'cases'],
      ['Bruno in England', 'Smoke'],
    ]);
  }, 60_000);

  it('exits 1 on the draft whose rule changed, with the failures in the JUnit file and a comparison with live', async () => {
    const junit = join(root, 'draft.xml');
    const result = await lapwing(
      'test',
      casesDir,
      '--data',
      data,
      '--draft',
      '--compare-with',
      'live',
      '--reporter',
      'junit',
      '--out',
      junit,
    );
    expect(result.code).toBe(1);
    expect(result.out).toContain('✗ Bruno in England [regressed]: Bruno · speaks · English: expected 80% ± 0, got 60% (-20)');
    expect(result.out).toContain('compared with local live: 2 regressed, 0 improved, 0 changed, 0 unchanged');
    const suites = parseXml(readFileSync(junit, 'utf8'));
    expect(suites.children.map((suite) => [suite.attributes.name, suite.attributes.failures])).toEqual([
      ['local live', '0'],
      ['local draft', '2'],
    ]);
    const failure = suites.children[1].children[1].children.find((node) => node.name === 'failure');
    expect(failure?.attributes.message).toBe('Bruno · speaks · English: expected 80% ± 0, got 60% (-20) (regressed since local live)');
  }, 60_000);
});

describe('lapwing test in process', () => {
  it('writes HTML and JSON reports and keeps the run in a history file', async () => {
    const html = join(root, 'report.html');
    const history = join(root, 'history.sqlite');
    const result = await run(
      'test',
      join(casesDir, 'ada.case.json'),
      '--data',
      data,
      '--reporter',
      'html',
      '--out',
      html,
      '--store',
      history,
      '--twice',
    );
    expect(result.code).toBe(0);
    expect(readFileSync(html, 'utf8')).toContain('<title>Lapwing test report</title>');
    const json = await run('test', join(casesDir, 'ada.case.json'), '--data', data, '--reporter', 'json');
    expect(JSON.parse(json.out)).toMatchObject({ format: 'lapwing-test-report', passed: true });
    expect(json.err).toContain('1 passed');
    const { openCasesStore } = await import('../../store');
    const store = openCasesStore(history);
    expect(store.runs.list().map((item) => item.counts.passed)).toEqual([1]);
    store.close();
  });

  it('runs a Studio suite on the map given with --map, saying what was not carried over', async () => {
    const studio = join(root, 'studio.json');
    writeFileSync(
      studio,
      JSON.stringify([
        {
          name: 'Bruno (Studio)',
          lastRun: 0,
          steps: [
            {
              expect: {},
              then: { type: 'Inject', with: [], inject: [{ subject: 'Bruno', relationship: 'lives in', object: 'England', cf: '100' }] },
            },
            { expect: {}, then: { type: 'Query', with: [], subject: 'Bruno', relationship: 'speaks' } },
            {
              expect: { type: 'Expect Question', prompt: 'Where else has Bruno lived?', subtype: 'Second Form' },
              then: { type: 'Respond', with: [{ subject: 'Bruno', relationship: 'has lived in', object: 'Wales', cf: 100 }] },
            },
            {
              expect: {
                type: 'Expect Result',
                results: [
                  { subject: 'Bruno', relationship: 'speaks', object: 'english', cf: '80' },
                  { subject: 'Bruno', relationship: 'speaks', object: 'welsh', cf: '80' },
                ],
              },
              then: { type: 'none', with: [] },
            },
          ],
        },
      ]),
    );
    const result = await run('test', studio, '--data', data, '--map', mapId, '--live');
    expect(result.err).toMatch(/note: \S*studio\.json: Bruno \(Studio\): \$\[0\]\.steps: question prompts are not compared/);
    expect(result.code).toBe(1);
    // Having lived in Wales, Bruno is asked about Welsh lessons, which the suite never answers.
    expect(result.out).toContain(
      '✗ Bruno (Studio): first divergent step: step 6: the engine asked "Has Bruno taken lessons in Welsh?" (Bruno · took lessons in · Welsh, first-form) and the case has no answer for it',
    );
  });

  it('explains bad case files, conflicting flags and missing keys without running anything', async () => {
    const bad = join(root, 'bad.json');
    writeFileSync(
      bad,
      '{\n  "formatVersion": 1,\n  "name": "bad",\n  "target": {"mapId": "m"},\n  "query": {"relationship": "speaks", "subject": 5}\n}\n',
    );
    const badRun = await run('test', bad, '--data', data);
    expect(badRun.code).toBe(1);
    expect(badRun.err).toMatch(/bad\.json:5:\d+: \$\.query\.subject: /);
    expect((await run('test', casesDir, '--draft', '--live')).code).toBe(2);
    expect((await run('test', '--data', data)).code).toBe(2);
    const noKey = await run('test', casesDir, '--target', 'http://127.0.0.1:9');
    expect(noKey.code).toBe(1);
    expect(noKey.err).toContain('no API key for http://127.0.0.1:9: set LAPWING_API_KEY');
  });
});
