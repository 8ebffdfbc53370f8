import { describe, expect, it } from 'vitest';
import { date, errorOf, typedResult, value } from '../test-support/harness';
import { roundHalfAwayFromZero } from './math';

describe('round', () => {
  it('rounds to 0 places by default, half away from zero', () => {
    expect(value('round(2.5)')).toBe(3);
    expect(value('round(-2.5)')).toBe(-3);
    expect(value('round(2.4999)')).toBe(2);
  });

  it('rounds to the given places without binary-fraction surprises', () => {
    expect(value('round(1.005, 2)')).toBe(1.01);
    expect(value('round(%R, 2)', { R: 2.675 })).toBe(2.68);
    expect(value('round(-1.005, 2)')).toBe(-1.01);
    expect(value('round(%P, 1)', { P: 38.25 })).toBe(38.3);
    expect(roundHalfAwayFromZero(1e-7, 7)).toBe(1e-7);
    expect(roundHalfAwayFromZero(1.23456789e21, 2)).toBe(1.23456789e21);
  });

  it('supports the whole-number test round(X, 0) = X', () => {
    expect(value('round(%Q,0) is not equal to %Q', { Q: 3 })).toBe(false);
    expect(value('round(%Q,0) is not equal to %Q', { Q: 3.2 })).toBe(true);
  });

  it('accepts 0 to 15 places only', () => {
    expect(value('round(0.1234567890123456789, 15)')).toBe(0.123456789012346);
    expect(errorOf('round(1, 16)')).toBe('round places must be a whole number from 0 to 15');
    expect(errorOf('round(1, -1)')).toBe('round places must be a whole number from 0 to 15');
    expect(errorOf('round(1, 1.5)')).toBe('round places must be a whole number from 0 to 15');
  });

  it('returns null for null', () => {
    expect(typedResult('round(%M)', { M: null })).toEqual({ type: 'null', value: null });
  });
});

describe('ceil, floor, abs, sqrt, factorial', () => {
  it('computes them', () => {
    expect(value('ceil(1.2)')).toBe(2);
    expect(value('floor(-1.2)')).toBe(-2);
    expect(value('abs(-3)')).toBe(3);
    expect(value('sqrt(16)')).toBe(4);
    expect(value('factorial(5)')).toBe(120);
    expect(value('factorial(0)')).toBe(1);
  });

  it('reports domain errors', () => {
    expect(errorOf('sqrt(-1)')).toBe('sqrt produced a non-finite number');
    expect(errorOf('factorial(2.5)')).toBe('factorial produced a non-finite number');
    expect(errorOf('factorial(-1)')).toBe('factorial produced a non-finite number');
    expect(errorOf('factorial(171)')).toBe('factorial produced a non-finite number');
    expect(errorOf("abs('x')")).toBe("abs expects a number but got 'x'");
  });

  it('accepts numeric strings', () => {
    expect(value("ceil('2.1')")).toBe(3);
  });
});

describe('trigonometry', () => {
  it('computes tan, sec, csc, cot in radians', () => {
    expect(value('tan(0)')).toBe(0);
    expect(value('sec(0)')).toBe(1);
    expect(value('csc(%X)', { X: Math.PI / 2 })).toBe(1);
    expect(value('cot(%X)', { X: Math.PI / 4 })).toBeCloseTo(1, 12);
  });

  it('reports poles as errors', () => {
    expect(errorOf('cot(0)')).toBe('cot produced a non-finite number');
    expect(errorOf('csc(0)')).toBe('csc produced a non-finite number');
  });

  it('computes atan2(y, x) and accepts atan with one or two arguments', () => {
    expect(value('atan2(1, 1)')).toBeCloseTo(Math.PI / 4, 12);
    expect(value('atan2(1, -1)')).toBeCloseTo((3 * Math.PI) / 4, 12);
    expect(value('atan(1)')).toBeCloseTo(Math.PI / 4, 12);
    expect(value('atan(1, -1)')).toBeCloseTo((3 * Math.PI) / 4, 12);
  });
});

describe('min, max', () => {
  it('are variadic', () => {
    expect(value('max(0,%CE2)', { CE2: -4 })).toBe(0);
    expect(value('min(%AE,%CAP)', { AE: 7, CAP: 5 })).toBe(5);
    expect(value('max(3, 9, 4, 1)')).toBe(9);
    expect(value('min(3)')).toBe(3);
  });

  it('treat null like +infinity', () => {
    expect(typedResult('max(%M, 1)', { M: null })).toEqual({ type: 'null', value: null });
    expect(value('min(%M, 1)', { M: null })).toBe(1);
  });

  it('return a date when all arguments are dates', () => {
    expect(typedResult('max(%A, %B)', { A: date('2026-01-01'), B: date('2026-02-01') })).toEqual(date('2026-02-01'));
    expect(typedResult('max(%A, 5)', { A: date('2026-01-01') }).type).toBe('number');
  });
});

describe('mod, pow', () => {
  it('mod keeps the sign of the dividend (JS remainder)', () => {
    expect(value('mod(%AMT,1000)', { AMT: 25000 })).toBe(0);
    expect(value('mod(7, 3)')).toBe(1);
    expect(value('mod(-7, 3)')).toBe(-1);
    expect(value('mod(7.5, 2)')).toBe(1.5);
  });

  it('mod by zero is an error', () => {
    expect(errorOf('mod(1, 0)')).toBe('mod produced a non-finite number');
  });

  it('pow raises', () => {
    expect(value('pow(2, 10)')).toBe(1024);
    expect(value('pow(4, 0.5)')).toBe(2);
    expect(errorOf('pow(-8, 0.5)')).toBe('pow produced a non-finite number');
  });
});
