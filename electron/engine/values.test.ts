import { describe, expect, it } from 'vitest';
import { coerceValue, formatResultDate, roundCertainty, roundImpact, valueKey } from './values';

describe('values', () => {
  it('renders result dates as the platform does', () => {
    expect(formatResultDate(Date.UTC(2026, 6, 1))).toBe('1st July, 2026');
    expect(formatResultDate(Date.UTC(2024, 1, 22))).toBe('22nd February, 2024');
    expect(formatResultDate(Date.UTC(2023, 2, 13))).toBe('13th March, 2023');
    expect(formatResultDate(Date.UTC(1990, 0, 3))).toBe('3rd January, 1990');
  });

  it('coerces wire input by type and refuses what does not fit', () => {
    expect(coerceValue('12.5', 'number')).toBe(12.5);
    expect(coerceValue('twelve', 'number')).toBeUndefined();
    expect(coerceValue('Yes', 'truth')).toBe(true);
    expect(coerceValue('maybe', 'truth')).toBeUndefined();
    expect(coerceValue('1990-01-01', 'date')).toBe(631152000000);
    expect(coerceValue('631152000000', 'date')).toBe(631152000000);
    expect(coerceValue(7, 'string')).toBe('7');
  });

  it('keeps values of different kinds apart in keys', () => {
    expect(valueKey('1')).not.toBe(valueKey(1));
    expect(valueKey(true)).not.toBe(valueKey('true'));
  });

  it('rounds certainties to whole numbers and impacts to two decimals', () => {
    expect(roundCertainty(71.25)).toBe(71);
    expect(roundCertainty(86.625)).toBe(87);
    expect(roundCertainty(65.5)).toBe(66);
    expect(roundImpact(14.285714)).toBe(14.29);
  });
});
