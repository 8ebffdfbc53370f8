import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './main';
import { run } from './test-support';

describe('lapwing (main)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints help and succeeds without arguments', async () => {
    const result = await run();
    expect(result.code).toBe(0);
    expect(result.out).toContain('Usage: lapwing');
    expect(result.out).toContain('map');
  });

  it('prints help for --help and exits 0', async () => {
    const result = await run('map', 'check', '--help');
    expect(result.code).toBe(0);
    expect(result.out).toContain('Usage: lapwing map check [options] <files...>');
    expect(result.out).toContain('--verbose');
  });

  it('rejects an unknown flag with a message and exit code 2', async () => {
    const result = await run('map', 'check', '--colour', 'x.rbl');
    expect(result.code).toBe(2);
    expect(result.err).toContain("error: unknown option '--colour'");
    expect(result.out).toBe('');
  });

  it('rejects an unknown command and a missing argument with exit code 2', async () => {
    const unknown = await run('mapp');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("unknown command 'mapp'");
    const missing = await run('map', 'check');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("missing required argument 'files'");
  });

  it('serve and web refuse a --port that is not a whole number from 0 to 65535, naming the flag', async () => {
    for (const args of [
      ['serve', '--port', '70000'],
      ['serve', '--port', ''],
      ['web', '--port', '1e3'],
      ['web', '--port', ' 80'],
      ['web', '--port', '-1'],
    ]) {
      const result = await run(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err).toMatch(/option '--port <n>' argument '.*' is invalid\. a port is a whole number from 0 to 65535/);
      expect(result.out).toBe('');
    }
  });

  it('writes to the process streams by default', async () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    expect(await main(['--help'])).toBe(0);
    expect(written.join('')).toContain('Usage: lapwing');
  });
});
