import { describe, expect, it } from 'vitest';
import { NOW, date, errorOf, ms, typedResult, value } from '../test-support/harness';

const DAY = 86_400_000;

describe('today, now', () => {
  it('today() is UTC midnight of now(), typed date', () => {
    expect(typedResult('today()')).toEqual(date('2026-07-15'));
    expect(typedResult('now()')).toEqual({ type: 'date', value: NOW });
  });
});

describe('date components', () => {
  it('dayOfWeek is 1 (Monday) to 7 (Sunday)', () => {
    expect(value('dayOfWeek(%D)', { D: date('2026-07-13') })).toBe(1);
    expect(value('dayOfWeek(%D)', { D: date('2026-07-15') })).toBe(3);
    expect(value('dayOfWeek(%D)', { D: date('2026-07-19') })).toBe(7);
  });

  it('reads day of month, day of year, month and year in UTC', () => {
    const D = date('2024-12-31T23:59:59Z');
    expect(value('dayOfMonth(%D)', { D })).toBe(31);
    expect(value('dayOfYear(%D)', { D })).toBe(366);
    expect(value('dayOfYear(%D)', { D: date('2026-01-01') })).toBe(1);
    expect(value('monthOfYear(%D)', { D })).toBe(12);
    expect(value('year(%D)', { D })).toBe(2024);
  });

  it('accepts ISO strings and epoch-ms numbers as dates', () => {
    expect(value("year('1990-06-01')")).toBe(1990);
    expect(value('monthOfYear(%D)', { D: ms('1990-06-01') })).toBe(6);
    expect(value('year(1990-06-01)')).toBe(1990);
  });

  it('rejects non-dates and passes null through', () => {
    expect(errorOf("year('someday')")).toBe("year expects a date but got 'someday'");
    expect(errorOf('year(true)')).toBe('year expects a date but got true');
    expect(typedResult('year(%M)', { M: null })).toEqual({ type: 'null', value: null });
  });
});

describe('add / subtract', () => {
  it('adds and subtracts days and weeks (n may be a variable)', () => {
    expect(typedResult('addDays(%D, %N)', { D: date('2026-02-27'), N: 2 })).toEqual(date('2026-03-01'));
    expect(typedResult('subtractDays(%D, 1)', { D: date('2026-01-01') })).toEqual(date('2025-12-31'));
    expect(typedResult('addWeeks(%D, 2)', { D: date('2026-07-01') })).toEqual(date('2026-07-15'));
    expect(typedResult('subtractWeeks(%D, 1)', { D: date('2026-07-01') })).toEqual(date('2026-06-24'));
  });

  it('clamps months and years to the end of the target month', () => {
    expect(typedResult('addMonths(%D, 1)', { D: date('2026-01-31') })).toEqual(date('2026-02-28'));
    expect(typedResult('addMonths(%D, 1)', { D: date('2024-01-31') })).toEqual(date('2024-02-29'));
    expect(typedResult('subtractMonths(%D, 1)', { D: date('2026-03-31') })).toEqual(date('2026-02-28'));
    expect(typedResult('addMonths(%D, 13)', { D: date('2025-12-15') })).toEqual(date('2027-01-15'));
    expect(typedResult('subtractMonths(%D, 14)', { D: date('2026-01-15') })).toEqual(date('2024-11-15'));
    expect(typedResult('addYears(%D, 1)', { D: date('2024-02-29') })).toEqual(date('2025-02-28'));
    expect(typedResult('subtractYears(%D, 4)', { D: date('2024-02-29') })).toEqual(date('2020-02-29'));
  });

  it('keeps the time of day', () => {
    expect(typedResult('addMonths(%D, 1)', { D: date('2026-01-10T08:30:00Z') })).toEqual(date('2026-02-10T08:30:00Z'));
  });

  it('truncates fractional month counts', () => {
    expect(typedResult('addMonths(%D, 1.9)', { D: date('2026-01-10') })).toEqual(date('2026-02-10'));
  });

  it('passes null through', () => {
    expect(typedResult('addDays(%M, 1)', { M: null })).toEqual({ type: 'null', value: null });
  });
});

describe('between', () => {
  const A = date('2026-07-01T00:00:00Z');
  const B = date('2026-07-02T06:00:00Z');

  it('measures seconds to weeks as exact fractional differences', () => {
    expect(value('secondsBetween(%A, %B)', { A, B })).toBe(108_000);
    expect(value('minutesBetween(%A, %B)', { A, B })).toBe(1_800);
    expect(value('hoursBetween(%A, %B)', { A, B })).toBe(30);
    expect(value('daysBetween(%A, %B)', { A, B })).toBe(1.25);
    expect(value('weeksBetween(%A, %B)', { A, B: date('2026-07-11') })).toBeCloseTo(10 / 7, 12);
  });

  it('is non-negative and order-independent', () => {
    expect(value('daysBetween(%B, %A)', { A, B })).toBe(1.25);
    expect(value('monthsBetween(%B, %A)', { A: date('2026-01-15'), B: date('2026-03-15') })).toBe(2);
    expect(value('yearsBetween(%TODAY, %DOB)', { DOB: date('1990-07-15'), TODAY: date('2026-07-15') })).toBe(36);
  });

  it('counts whole calendar months plus the fraction of the next', () => {
    expect(value('monthsBetween(%A, %B)', { A: date('2026-01-15'), B: date('2026-02-14') })).toBeCloseTo(30 / 31, 12);
    expect(value('monthsBetween(%A, %B)', { A: date('2026-01-31'), B: date('2026-02-28') })).toBe(1);
    expect(value('monthsBetween(%A, %A)', { A })).toBe(0);
    // Jan 31 + 1 month is Feb 28, so Feb 27 has not completed a month: 27 of the 28 days to Feb 28.
    expect(value('monthsBetween(%A, %B)', { A: date('2026-01-31'), B: date('2026-02-27') })).toBeCloseTo(27 / 28, 12);
  });

  it("takes the fraction of the year in progress, over that year's own length", () => {
    expect(value('yearsBetween(%A, %B)', { A: date('2023-03-01'), B: date('2024-02-29') })).toBeCloseTo(365 / 366, 12);
  });

  it('gives an age with floor(yearsBetween(dob, today()))', () => {
    const DOB = date('2008-07-16');
    expect(value('floor(yearsBetween(%DOB, today()))', { DOB })).toBe(17); // birthday is tomorrow
    expect(value('floor(yearsBetween(%DOB, today()))', { DOB: date('2008-07-15') })).toBe(18);
    expect(value('yearsBetween(%A, %B)', { A: date('2025-01-01'), B: date('2025-07-02') })).toBeCloseTo(182 / 365, 12);
  });

  it('handles leap-day birthdays: Feb 28 of a common year completes the year', () => {
    expect(value('floor(yearsBetween(%A, %B))', { A: date('2000-02-29'), B: date('2001-02-28') })).toBe(1);
    expect(value('floor(yearsBetween(%A, %B))', { A: date('2000-02-29'), B: date('2001-02-27') })).toBe(0);
  });

  it('passes null through', () => {
    expect(typedResult('daysBetween(%M, %A)', { M: null, A })).toEqual({ type: 'null', value: null });
  });
});

describe('isBeforeDate / isSameDate / isAfterDate', () => {
  it('compare UTC calendar days', () => {
    const vars = { A: date('2026-07-01T01:00:00Z'), B: date('2026-07-01T23:00:00Z'), C: date('2026-07-02') };
    expect(value('isSameDate(%A, %B)', vars)).toBe(true);
    expect(value('isBeforeDate(%A, %B)', vars)).toBe(false);
    expect(value('isAfterDate(%B, %A)', vars)).toBe(false);
    expect(value('isBeforeDate(%B, %C)', vars)).toBe(true);
    expect(value('isAfterDate(%C, %A)', vars)).toBe(true);
  });

  it('accept nested calls such as isBeforeDate(%DUE_DATE, today())', () => {
    expect(value('isBeforeDate(%DUE_DATE,today())', { DUE_DATE: date('2026-07-14') })).toBe(true);
    expect(value('isBeforeDate(%DUE_DATE,today())', { DUE_DATE: date('2026-07-15') })).toBe(false);
  });

  it('treat null like +infinity', () => {
    expect(value('isAfterDate(%M, %A)', { M: null, A: date('2026-01-01') })).toBe(true);
    expect(value('isBeforeDate(%M, %A)', { M: null, A: date('2026-01-01') })).toBe(false);
    expect(value('isSameDate(%M, %N)', { M: null, N: null })).toBe(true);
  });
});

describe('isWithinRange', () => {
  it('is inclusive with bounds in either order, for numbers and dates', () => {
    expect(value('isWithinRange(%AGE, 0, 17)', { AGE: 17 })).toBe(true);
    expect(value('isWithinRange(%AGE, 17, 0)', { AGE: 0 })).toBe(true);
    expect(value('isWithinRange(%AGE, 0, 17)', { AGE: 17.5 })).toBe(false);
    expect(value('isWithinRange(-1.5, -2, -1)')).toBe(true);
    const vars = { AD: date('2026-07-08'), ST: date('2026-07-15'), EN: date('2026-07-01') };
    expect(value('isWithinRange(%AD,%ST,%EN)', vars)).toBe(true);
    expect(value('isWithinRange(%AD,%ST,%EN)', { ...vars, AD: date('2026-07-16') })).toBe(false);
  });

  it('is false for null', () => {
    expect(value('isWithinRange(%M, 0, 1)', { M: null })).toBe(false);
  });

  it('works with epoch arithmetic helpers', () => {
    expect(value('isWithinRange(%D, today(), addDays(today(), 7))', { D: NOW + 3 * DAY })).toBe(true);
  });
});
