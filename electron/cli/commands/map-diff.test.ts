import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { languagesMap } from '../../cases/test-support/server';
import { MapDiffReportSchema } from '../../common/map-diff';
import { run } from '../test-support';

let data: string;
let id: string;
const file = (name: string, text: string) => {
  const path = join(data, name);
  writeFileSync(path, text);
  return path;
};
const broken = () => languagesMap().replace('<relinst type="speaks" cf="80"', '<relinst type="speeks" cf="80"');

beforeEach(async () => {
  data = mkdtempSync(join(tmpdir(), 'lapwing-cli-diff-'));
  const added = await run('map', 'add', file('languages.rbl', languagesMap()), '--name', 'Languages', '--data', data);
  id = (JSON.parse(added.out) as { id: string }).id;
  expect((await run('map', 'publish', id, '--live', '--note', 'first cut', '--data', data)).code).toBe(0);
});
afterEach(() => rmSync(data, { recursive: true, force: true }));

describe('lapwing map update', () => {
  it('replaces the draft from a file, then the diff against version 1 names the changed rule (exit code 1)', async () => {
    const updated = await run('map', 'update', id, file('weaker.rbl', languagesMap(60)), '--data', data);
    expect(updated.code, updated.err).toBe(0);
    expect(JSON.parse(updated.out)).toEqual({ id, draft: { state: 'ok', errors: 0, warnings: 0 } });

    const text = await run('map', 'diff', `${id}@1`, `${id}@draft`, '--data', data);
    expect(text.code, text.err).toBe(1);
    expect(text.out).toContain('Languages version 1 → Languages draft');
    expect(text.out).toContain('~ rule "Language of home" (speaks)');
    expect(text.out).toContain('certainty: 80 → 60');
    expect(text.out).toContain('1 difference: rules 1 changed');

    const json = await run('map', 'diff', `${id}@1`, `${id}@draft`, '--json', '--data', data);
    expect(json.code).toBe(1);
    const report = MapDiffReportSchema.parse(JSON.parse(json.out));
    expect(report.entries).toEqual([
      expect.objectContaining({
        kind: 'rule',
        status: 'changed',
        before: { line: 41, ruleId: 'Language of home' },
        changes: [expect.objectContaining({ path: 'certainty', before: 80, after: 60 })],
      }),
    ]);
  });

  it('stores a draft with errors, printing them, and publishing it is refused', async () => {
    const updated = await run('map', 'update', id, file('broken.rbl', broken()), '--data', data);
    expect(updated.code).toBe(0);
    expect(updated.err).toMatch(/broken\.rbl:41:\d+: error: .*speeks/);
    expect(updated.err).toContain('cannot be published');
    expect(JSON.parse(updated.out)).toMatchObject({ draft: { state: 'errors', errors: 1 } });
    const published = await run('map', 'publish', id, '--data', data);
    expect(published.code).toBe(1);
    expect(published.err).toContain('not published (the draft has 1 error)');
    expect(JSON.parse((await run('map', 'list', '--data', data)).out)).toEqual([
      expect.objectContaining({ versions: [expect.objectContaining({ number: 1, note: 'first cut' })] }),
    ]);
  });

  it('refuses an unreadable file or an unknown map, leaving the draft as it was', async () => {
    const missing = await run('map', 'update', id, join(data, 'nope.rbl'), '--data', data);
    expect(missing).toMatchObject({ code: 1, out: '' });
    expect(missing.err).toMatch(/nope\.rbl: cannot read: .*the draft is unchanged/);
    expect(await run('map', 'update', 'no-such-map', join(data, 'languages.rbl'), '--data', data)).toMatchObject({
      code: 1,
      err: 'No map with ID no-such-map.\n',
    });
    expect((await run('map', 'diff', `${id}@1`, `${id}@draft`, '--data', data)).code).toBe(0);
  });
});

describe('lapwing map diff', () => {
  it('exits 0 when the maps mean the same: live against version 1, a reformatted file against the draft', async () => {
    const same = await run('map', 'diff', `${id}@live`, `${id}@1`, '--data', data);
    expect(same.code, same.err).toBe(0);
    expect(same.out).toContain('The maps mean the same.');
    const reformatted = file(
      'reformatted.rbl',
      languagesMap()
        .replace(/\n\s*<!--[\s\S]*?-->/, '')
        .replace(/ \/>/g, '/>'),
    );
    expect((await run('map', 'diff', reformatted, `${id}@draft`, '--data', data)).code).toBe(0);
  });

  it('compares two files without a registry', async () => {
    const result = await run('map', 'diff', file('a.rbl', languagesMap()), file('b.rbl', languagesMap(70)), '--json');
    expect(result.code).toBe(1);
    expect(MapDiffReportSchema.parse(JSON.parse(result.out)).summary.rule).toEqual({ added: 0, removed: 0, changed: 1 });
  });

  it('exits 2 with a clear message on a missing map or version, an unreadable file, a bad spec, or a file that is no map', async () => {
    const unknown = await run('map', 'diff', 'nope@draft', `${id}@1`, '--data', data);
    expect(unknown).toMatchObject({ code: 2, out: '', err: 'nope@draft: No map with ID nope.\n' });
    const version = await run('map', 'diff', `${id}@1`, `${id}@7`, '--data', data);
    expect(version.code).toBe(2);
    expect(version.err).toContain('has no version 7');
    const missing = await run('map', 'diff', join(data, 'gone.rbl'), `${id}@1`, '--data', data);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/gone\.rbl: cannot read/);
    const badSpec = await run('map', 'diff', `${id}@latest`, `${id}@1`, '--data', data);
    expect(badSpec.code).toBe(2);
    expect(badSpec.err).toContain('a registry side is ID@draft, ID@live or ID@N');
    const notAMap = await run('map', 'diff', file('notes.txt', 'just words'), `${id}@1`, '--data', data);
    expect(notAMap.code).toBe(2);
    expect(notAMap.err).toMatch(/notes\.txt: not a map/);
    expect((await run('map', 'diff', `${id}@1`, '--data', data)).code).toBe(2);
    // Nothing stored changed.
    expect(readFileSync(join(data, 'languages.rbl'), 'utf8')).toBe(languagesMap());
  });
});
