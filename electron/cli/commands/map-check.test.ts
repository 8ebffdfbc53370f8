import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, projectRoot, run } from '../test-support';
import { summarize } from './map-check';

describe('lapwing map check', () => {
  it('passes a clean map: no diagnostics, a summary, exit 0', async () => {
    const file = fixture('facts.rbl');
    const result = await run('map', 'check', file);
    expect(result).toEqual({ code: 0, out: '1 file checked: 1 ok (0 errors, 0 warnings)\n', err: '' });
  });

  it('prints each diagnostic as FILE:LINE:COLUMN: severity: message and exits 1 on errors', async () => {
    const file = fixture('broken.rbl');
    const result = await run('map', 'check', file);
    expect(result.code).toBe(1);
    expect(result.err).toBe('');
    expect(result.out.trimEnd().split('\n')).toEqual([
      `${file}:6:58: warning: <rel> has an unknown attribute colour; it is ignored`,
      `${file}:7:21: error: relationship 'knows': subject concept 'Persn' is not declared (did you mean 'Person'?)`,
      `${file}:8:28: warning: fact 'Ann lives in Atlantis': 'Ann' is not a declared instance of concept 'Person' (add <concinst name="Ann" type="Person"/>)`,
      `${file}:8:42: error: fact 'Ann lives in Atlantis': 'Atlantis' is not a declared instance of concept 'Country' (add <concinst name="Atlantis" type="Country"/>); the platform refuses facts whose object is not a declared <concinst>`,
      `${file}:8:60: error: fact 'Ann lives in Atlantis': cf must be a whole number from 0 to 100 (got "150")`,
      '1 file checked: 0 ok, 1 with errors (3 errors, 2 warnings)',
    ]);
  });

  it('names files as given on the command line', async () => {
    const relative = 'electron/engine/loader/fixtures/broken.rbl';
    const previous = process.cwd();
    process.chdir(projectRoot);
    try {
      const result = await run('map', 'check', relative);
      expect(result.out.split('\n')[0]).toMatch(/^electron\/engine\/loader\/fixtures\/broken\.rbl:6:58: warning: /);
    } finally {
      process.chdir(previous);
    }
  });

  it('passes a map with warnings only (exit 0) and hides notes unless --verbose', async () => {
    const file = fixture('declarations.rbl');
    const quiet = await run('map', 'check', file);
    expect(quiet.code).toBe(0);
    expect(quiet.out).not.toContain(': info: ');
    expect(quiet.out).toContain(`${file}:8:27: warning: concept 'Watered': type="boolean" is a legacy spelling of "truth"`);
    expect(quiet.out).toContain('1 file checked: 1 ok (0 errors, 3 warnings, 2 notes; --verbose shows the notes)');
    const verbose = await run('map', 'check', '--verbose', file);
    expect(verbose.out).toContain(`${file}:30:3: info: relationship 'grows to' can only get facts by injection`);
    expect(verbose.out).toContain('1 file checked: 1 ok (0 errors, 3 warnings, 2 notes)\n');
  });

  it('reports an unreadable file clearly, checks the rest and exits 1', async () => {
    const missing = join(projectRoot, 'no-such-map.rbl');
    const result = await run('map', 'check', fixture('rules.rbl'), missing, fixture('broken.rbl'));
    expect(result.code).toBe(1);
    expect(result.err).toMatch(new RegExp(`^${missing.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: cannot read: ENOENT`));
    expect(result.out.trimEnd().split('\n').at(-1)).toBe('3 files checked: 1 ok, 1 with errors, 1 unreadable (3 errors, 2 warnings)');
  });

  it('exits 1 for a directory given as a file', async () => {
    const result = await run('map', 'check', projectRoot);
    expect(result.code).toBe(1);
    expect(result.err).toContain('cannot read: EISDIR');
  });

  it('summarizes counts in words', () => {
    const tally = { files: 3, ok: 2, withErrors: 1, unreadable: 0, errors: 4, warnings: 2, infos: 0 };
    expect(summarize(tally, false)).toBe('3 files checked: 2 ok, 1 with errors (4 errors, 2 warnings)');
    expect(summarize({ ...tally, files: 1, ok: 1, withErrors: 0, errors: 1, warnings: 1, infos: 1 }, false)).toBe(
      '1 file checked: 1 ok (1 error, 1 warning, 1 note; --verbose shows the notes)',
    );
  });

  it('works as a real subprocess through bin/lapwing.mjs', () => {
    const child = spawnSync(process.execPath, ['bin/lapwing.mjs', 'map', 'check', fixture('rules.rbl'), fixture('broken.rbl')], {
      cwd: projectRoot,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.error).toBeUndefined();
    expect(child.status).toBe(1);
    expect(child.stdout).toContain(`${fixture('broken.rbl')}:7:21: error: relationship 'knows'`);
    expect(child.stdout.trimEnd().split('\n').at(-1)).toBe('2 files checked: 1 ok, 1 with errors (3 errors, 2 warnings)');
    const clean = spawnSync(process.execPath, ['bin/lapwing.mjs', 'map', 'check', fixture('rules.rbl')], {
      cwd: projectRoot,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(clean.status).toBe(0);
    const usage = spawnSync(process.execPath, ['bin/lapwing.mjs', 'map', 'check', '--nope'], {
      cwd: projectRoot,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("unknown option '--nope'");
  }, 60_000);
});
