import { describe, expect, it } from 'vitest';
import { ApiKeys, apiKeyOf, matchesKey } from './auth';

const basic = (user: string, password = ''): string => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('credentials', () => {
  it('reads X-API-Key first, then the Basic user name', () => {
    expect(apiKeyOf({ 'x-api-key': ' k1 ' })).toBe('k1');
    expect(apiKeyOf({ authorization: basic('k2') })).toBe('k2');
    expect(apiKeyOf({ authorization: basic('k3', 'anything') })).toBe('k3');
    // The Go SDK's test vector: key abcdefgh-abcd-abcd-abcdefghijkl.
    expect(apiKeyOf({ authorization: 'Basic YWJjZGVmZ2gtYWJjZC1hYmNkLWFiY2RlZmdoaWprbDo=' })).toBe('abcdefgh-abcd-abcd-abcdefghijkl');
    expect(apiKeyOf({ authorization: 'Bearer token' })).toBeUndefined();
    expect(apiKeyOf({ authorization: basic('') })).toBeUndefined();
    expect(apiKeyOf({})).toBeUndefined();
  });

  it('checks keys as missing, invalid or valid', () => {
    const keys = new ApiKeys(['one', 'two']);
    expect(keys.check({})).toBe('missing');
    expect(keys.check({ 'x-api-key': 'three' })).toBe('invalid');
    expect(keys.check({ 'x-api-key': 'two' })).toBe('valid');
    expect(() => new ApiKeys([' '])).toThrow(/at least one API key/);
  });

  it('compares map keys whatever their length', () => {
    expect(matchesKey('abc', ['abc'])).toBe(true);
    expect(matchesKey('abcd', ['abc'])).toBe(false);
    expect(matchesKey(undefined, ['abc'])).toBe(false);
  });
});
