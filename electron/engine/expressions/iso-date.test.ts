import { describe, expect, it } from 'vitest';
import { daysInMonth, parseIsoDate } from './iso-date';

describe('parseIsoDate', () => {
  it('reads dates as UTC midnight epoch ms', () => {
    expect(parseIsoDate('1990-01-01')).toBe(631152000000);
    expect(parseIsoDate('2026-07-01')).toBe(Date.UTC(2026, 6, 1));
  });

  it('reads optional times, seconds, fractions and Z, always as UTC', () => {
    expect(parseIsoDate('2026-07-01T10:30')).toBe(Date.UTC(2026, 6, 1, 10, 30));
    expect(parseIsoDate('2026-07-01T10:30:15Z')).toBe(Date.UTC(2026, 6, 1, 10, 30, 15));
    expect(parseIsoDate('2026-07-01T10:30:15.5Z')).toBe(Date.UTC(2026, 6, 1, 10, 30, 15, 500));
    expect(parseIsoDate('2026-07-01T10:30:15.123456')).toBe(Date.UTC(2026, 6, 1, 10, 30, 15, 123));
  });

  it('handles years below 100 without the Date.UTC 1900 offset', () => {
    expect(new Date(parseIsoDate('0050-03-01') as number).getUTCFullYear()).toBe(50);
  });

  it('rejects impossible and malformed dates', () => {
    for (const text of [
      '2023-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-07-01T24:00',
      '2026-07-01T10:60',
      '2026-7-1',
      '1st July, 2026',
      '2026-07-01 10:30',
      '2026-07-01T10:30+01:00',
      '',
      ' 2026-07-01',
    ]) {
      expect(parseIsoDate(text), text).toBeUndefined();
    }
  });

  it('accepts leap days', () => {
    expect(parseIsoDate('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    expect(parseIsoDate('2000-02-29')).toBe(Date.UTC(2000, 1, 29));
    expect(parseIsoDate('1900-02-29')).toBeUndefined();
  });
});

describe('daysInMonth', () => {
  it('knows month lengths and leap years', () => {
    expect([1, 2, 4, 12].map((m) => daysInMonth(2023, m))).toEqual([31, 28, 30, 31]);
    expect(daysInMonth(2024, 2)).toBe(29);
  });
});
