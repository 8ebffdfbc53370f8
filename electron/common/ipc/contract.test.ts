import { describe, expect, it } from 'vitest';
import { contract, fail, isMethodName, METHOD_NAMES, ok, resultSchema } from './index';

describe('IPC contract', () => {
  it('lists the methods the workbench needs', () => {
    for (const name of ['environments.list', 'keys.set', 'maps.get', 'consultation.respond', 'consultations.search', 'app.info']) {
      expect(isMethodName(name)).toBe(true);
    }
    expect(isMethodName('toString')).toBe(false);
    expect(METHOD_NAMES.length).toBe(Object.keys(contract).length);
  });

  it('applies defaults and names the failing field', () => {
    const saved = contract['environments.save'].input.parse({ name: 'Mine', kind: 'custom', baseUrl: 'http://localhost:3100' });
    expect(saved.versionPolicy).toEqual({ kind: 'live' });
    const bad = contract['keys.set'].input.safeParse({ environmentId: 'e', kind: 'api', value: '  ' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['value']);
  });

  it('refuses a query with neither subject nor object', () => {
    const bad = contract['consultation.query'].input.safeParse({ sessionId: 's', query: { relationship: 'speaks' } });
    expect(bad.success).toBe(false);
  });

  it('parses Result envelopes', () => {
    const schema = resultSchema(contract['consultations.delete'].output);
    expect(schema.parse(ok({ deleted: true }))).toEqual({ ok: true, value: { deleted: true } });
    expect(schema.parse(fail('consultations/not-found', 'gone')).ok).toBe(false);
    expect(schema.safeParse({ ok: false, error: { code: 'nodomain', message: 'x' } }).success).toBe(false);
  });
});
