/**
 * `lapwing test --shard I/N --report json:FILE` on each shard, then `lapwing test merge`: what a CI
 * matrix does (docs/regression-cases.md). Real cases on the embedded engine, in-process.
 */
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
import { run } from '../test-support';

let root: string;
let data: string;
let casesDir: string;
let mapId: string;
const COUNTRIES = ['England', 'Wales', 'France'];
const EXPECTED: Record<string, string> = { England: 'English@80', Wales: 'Welsh@80|English@80', France: 'French@80' };

/** 30 table rows (one failing on purpose) and two JSON cases, in a data folder with the languages map live. */
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'lapwing-cli-shard-'));
  data = join(root, 'data');
  mkdirSync(data);
  const db = openServerDatabase(serverDatabaseFile(data));
  const registry = new MapRegistry(db);
  const added = addMap(registry, engine, { source: languagesMap(), name: 'Languages' });
  if (!added.ok) throw new Error('fixture map did not load');
  mapId = added.map.id;
  registry.publish(mapId, { live: true });
  db.close();
  casesDir = join(root, 'cases');
  mkdirSync(casesDir);
  writeFileSync(join(casesDir, 'ada.case.json'), writeCaseDocument(adaCase(mapId)));
  writeFileSync(join(casesDir, 'bruno.case.json'), writeCaseDocument(brunoCase(mapId)));
  const rows = Array.from({ length: 30 }, (_, index) => {
    const home = COUNTRIES[index % 3] as string;
    const expected = index === 17 ? 'French@99' : EXPECTED[home];
    return `Person ${index} in ${home},Person ${index},speaks,${home},skip,${expected}`;
  });
  writeFileSync(join(casesDir, 'people.cases.csv'), ['name,subject,query,answer:lives in,answer:has lived in,expect', ...rows].join('\n'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const common = () => [casesDir, '--data', data, '--map', mapId];

interface ShardFile {
  readonly shard: { index: number; count: number };
  readonly places: { identity: string; position: number }[];
}

async function runShards(count: number, extra: string[] = []): Promise<{ files: string[]; codes: number[] }> {
  const files: string[] = [];
  const codes: number[] = [];
  for (let index = 1; index <= count; index += 1) {
    const file = join(root, `shard-${index}-of-${count}.json`);
    const result = await run('test', ...common(), '--shard', `${index}/${count}`, '--report', `json:${file}`, ...extra);
    expect(result.err).toContain(`shard ${index}/${count}:`);
    files.push(file);
    codes.push(result.code);
  }
  return { files, codes };
}

describe('a suite sharded across runners and merged', () => {
  it.each([1, 2, 4])(
    'N=%i: the shards together run every case of the suite exactly once',
    async (count) => {
      const { files } = await runShards(count);
      const identities = files.flatMap((file) =>
        (JSON.parse(readFileSync(file, 'utf8')) as ShardFile).places.map((place) => place.identity),
      );
      expect(identities).toHaveLength(32);
      expect(new Set(identities).size).toBe(32);
      const positions = files.flatMap((file) =>
        (JSON.parse(readFileSync(file, 'utf8')) as ShardFile).places.map((place) => place.position),
      );
      expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: 32 }, (_, index) => index));
    },
    120_000,
  );

  it('merges four shards into one JUnit and HTML report, one exit code and the coverage of the whole run', async () => {
    const whole = await run(
      'test',
      ...common(),
      '--coverage',
      join(root, 'whole-coverage.json'),
      '--report',
      `junit:${join(root, 'whole.xml')}`,
    );
    expect(whole.code).toBe(1);
    const { files, codes } = await runShards(4, ['--coverage', join(root, 'ignored.json')]);
    // Exactly one shard holds the failing row.
    expect(codes.filter((code) => code === 1)).toHaveLength(1);
    const junit = join(root, 'merged.xml');
    const html = join(root, 'merged.html');
    const coverage = join(root, 'merged-coverage.json');
    const merged = await run('test', 'merge', ...files, '--junit', junit, '--html', html, '--coverage', coverage);
    expect(merged.err).toBe('');
    expect(merged.code).toBe(1);
    expect(merged.out).toContain('Person 17 in France');
    expect(merged.out).toContain('local: 32 cases, 31 passed, 1 failed, 0 errors');
    // The merged JUnit lists the cases as the unsharded run does, in the same order.
    const names = (file: string) => parseXml(readFileSync(file, 'utf8')).children[0]?.children.map((node) => node.attributes.name);
    expect(names(junit)).toEqual(names(join(root, 'whole.xml')));
    expect(readFileSync(html, 'utf8')).toContain('32 cases: 31 passed, 1 failed');
    const totals = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { maps: { totals: unknown }[] }).maps[0]?.totals;
    expect(totals(coverage)).toEqual(totals(join(root, 'whole-coverage.json')));
    expect(merged.out).toMatch(/coverage of map .* live: relationships \d+\/\d+/);
  }, 180_000);

  it('passes when every shard passed', async () => {
    const passing = join(root, 'passing');
    mkdirSync(passing, { recursive: true });
    writeFileSync(join(passing, 'ada.case.json'), writeCaseDocument(adaCase(mapId)));
    writeFileSync(join(passing, 'bruno.case.json'), writeCaseDocument(brunoCase(mapId)));
    const files = [1, 2].map((index) => join(root, `passing-${index}.json`));
    for (const [index, file] of files.entries())
      await run('test', passing, '--data', data, '--map', mapId, '--shard', `${index + 1}/2`, '--report', `json:${file}`);
    const merged = await run('test', 'merge', ...files, '--json', join(root, 'passing-merged.json'));
    expect(merged.code).toBe(0);
    // The merged JSON report is itself a whole-suite report that merges again.
    expect((await run('test', 'merge', join(root, 'passing-merged.json'))).code).toBe(0);
  }, 120_000);

  it('merges the shards of a comparison, and refuses to mix them with shards of a plain run', async () => {
    const files = [1, 2].map((index) => join(root, `compare-${index}.json`));
    for (const [index, file] of files.entries())
      await run('test', ...common(), '--draft', '--compare-with', 'live', '--shard', `${index + 1}/2`, '--report', `json:${file}`);
    const mergedFile = join(root, 'compare-merged.json');
    const merged = await run('test', 'merge', ...files, '--json', mergedFile);
    expect(merged.code).toBe(1);
    const report = JSON.parse(readFileSync(mergedFile, 'utf8')) as {
      kind: string;
      run: { before: { cases: unknown[] }; after: { cases: unknown[] }; comparisons: unknown[]; summary: { total: number } };
    };
    expect(report.kind).toBe('compare');
    expect([report.run.before.cases.length, report.run.after.cases.length, report.run.comparisons.length]).toEqual([32, 32, 32]);
    expect(report.run.summary.total).toBe(32);
    const plain = join(root, 'plain-2-of-2.json');
    await run('test', ...common(), '--shard', '2/2', '--report', `json:${plain}`);
    const mixed = await run('test', 'merge', files[0] as string, plain);
    expect(mixed.code).toBe(2);
    expect(mixed.err).toContain(`${plain}: a run report, but ${files[0]} is a compare report`);
  }, 180_000);

  it('refuses reports that do not make one suite, naming the file and the problem', async () => {
    const { files } = await runShards(3);
    const [first, second, third] = files as [string, string, string];
    const other = join(root, 'other-suite.json');
    await run('test', join(casesDir, 'ada.case.json'), '--data', data, '--map', mapId, '--shard', '2/3', '--report', `json:${other}`);
    const malformed = join(root, 'malformed.json');
    writeFileSync(malformed, '{"format": "lapwing-test-report", ');
    const plain = join(root, 'plain.json');
    await run('test', ...common(), '--reporter', 'json', '--out', plain);

    const missing = await run('test', 'merge', first, third);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('shard 2/3 missing (given: 1/3, 3/3)');

    const twice = await run('test', 'merge', first, second, second, third);
    expect(twice.code).toBe(2);
    expect(twice.err).toContain(`${second}: shard 2/3 again`);

    const foreign = await run('test', 'merge', first, other, third);
    expect(foreign.code).toBe(2);
    expect(foreign.err).toContain(`${other}: a report of another suite (1 cases`);

    const broken = await run('test', 'merge', first, second, third, malformed);
    expect(broken.code).toBe(2);
    expect(broken.err).toContain(`${malformed}: not valid JSON at line 1`);

    const four = await run('test', 'merge', join(root, 'shard-1-of-4.json'), second, third);
    expect(four.err).toContain(`${second}: shard 2/3, but ${join(root, 'shard-1-of-4.json')} is shard 1/4`);

    // A report written by the test command has suite information even without --shard (it is shard 1/1).
    expect((await run('test', 'merge', plain)).code).toBe(1);
    const absent = await run('test', 'merge', first, join(root, 'no-such.json'));
    expect(absent.err).toContain(`${join(root, 'no-such.json')}: no such file`);
    // Nothing was written by a refused merge.
    expect(() => readFileSync(join(root, 'never.xml'))).toThrow();
    expect((await run('test', 'merge', first, third, '--junit', join(root, 'never.xml'))).code).toBe(2);
    expect(() => readFileSync(join(root, 'never.xml'))).toThrow();
  }, 180_000);
});

describe('reports, coverage and flags of one run', () => {
  it('writes JUnit, HTML and JSON reports in one run', async () => {
    const files = { junit: join(root, 'one.xml'), html: join(root, 'one.html'), json: join(root, 'one.json') };
    const result = await run(
      'test',
      ...common(),
      '--report',
      `junit:${files.junit}`,
      '--report',
      `html:${files.html}`,
      '--report',
      `json:${files.json}`,
    );
    expect(result.code).toBe(1);
    expect(parseXml(readFileSync(files.junit, 'utf8')).attributes).toMatchObject({ tests: '32', failures: '1' });
    expect(readFileSync(files.html, 'utf8')).toContain('<!doctype html>');
    expect(JSON.parse(readFileSync(files.json, 'utf8'))).toMatchObject({
      format: 'lapwing-test-report',
      shard: { index: 1, count: 1 },
      suite: { cases: 32 },
    });
  }, 120_000);

  it('fails below --min-coverage and passes at or above it, saying which area fell short', async () => {
    const passing = join(root, 'passing');
    const below = await run('test', passing, '--data', data, '--map', mapId, '--min-coverage', 'rules=100,questions=90');
    expect(below.code).toBe(1);
    expect(below.err).toMatch(/coverage: map .* live: questions \d+\.\d% is below 90%/);
    const met = await run('test', passing, '--data', data, '--map', mapId, '--min-coverage', 'rules=100,relationships=50');
    expect(met.err).not.toContain('below');
    expect(met.code).toBe(0);
    expect(met.out).toMatch(/coverage of map .* live: relationships \d+\/\d+ \(\d+%\), rules 2\/2 \(100%\)/);
  }, 120_000);

  it.each([
    ['--shard', '0/4', 'I must be between 1 and N'],
    ['--shard', '3/2', 'I must be between 1 and N'],
    ['--shard', 'x', 'use I/N'],
    ['--report', 'xml:out.xml', 'KIND is junit, json or html'],
    ['--report', 'junit', 'use KIND:FILE'],
    ['--min-coverage', 'rules=120', 'a percentage is at most 100'],
    ['--min-coverage', 'branches=50', 'unknown area "branches"'],
  ])('refuses %s %s naming the flag', async (flag, value, message) => {
    const result = await run('test', casesDir, flag, value);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`option '${flag}`);
    expect(result.err).toContain(`'${value}' is invalid`);
    expect(result.err).toContain(message);
  });
});
