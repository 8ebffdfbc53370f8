import { describe, expect, it } from 'vitest';
import { sessionIdTail } from './session-ids';

describe('session IDs as shown', () => {
  it('tells time-ordered UUIDs of the same minute apart by their random tail', () => {
    const first = '019ab3c4-5d6e-7f00-8a1b-2c3d4e5f6071';
    const second = '019ab3c4-5d6e-7f00-9b2c-3d4e5f607182';
    expect(sessionIdTail(first)).toBe('4e5f6071');
    expect(sessionIdTail(second)).toBe('5f607182');
    expect(sessionIdTail(first)).not.toBe(sessionIdTail(second));
  });

  it('shows the start of random UUIDs and other IDs', () => {
    expect(sessionIdTail('3f2b9c1e-0d4a-4b6e-9f1a-2b3c4d5e6f70')).toBe('3f2b9c1e');
    expect(sessionIdTail('session-1')).toBe('session1');
  });
});
