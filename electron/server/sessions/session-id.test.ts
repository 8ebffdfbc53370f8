import { describe, expect, it } from 'vitest';
import { newSessionId } from './session-id';

describe('newSessionId', () => {
  it('makes version-7 UUIDs ordered by time', () => {
    const early = newSessionId(Date.parse('2026-01-01T00:00:00Z'));
    const late = newSessionId(Date.parse('2026-01-01T00:00:01Z'));
    expect(early).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(early < late).toBe(true);
    expect(early.slice(0, 13)).toBe('019b76da-a800');
    expect(newSessionId()).not.toBe(newSessionId());
  });

  it('never repeats an ID, across refills of its random pool', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const ids = new Set(Array.from({ length: 2000 }, () => newSessionId(now)));
    expect(ids.size).toBe(2000);
  });
});
