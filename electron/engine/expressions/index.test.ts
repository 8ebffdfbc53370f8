import { describe, expect, it } from 'vitest';
import * as api from './index';

const STUDIO_CATALOGUE = [
  'countRelationshipInstances',
  'sumObjects',
  'minObjects',
  'maxObjects',
  'joinObjects',
  'isSubset',
  'includes',
  'startsWith',
  'endsWith',
  'regexCount',
  'round',
  'ceil',
  'floor',
  'abs',
  'sqrt',
  'factorial',
  'tan',
  'sec',
  'csc',
  'cot',
  'atan2',
  'min',
  'max',
  'mod',
  'pow',
  'today',
  'now',
  'dayOfWeek',
  'dayOfMonth',
  'dayOfYear',
  'monthOfYear',
  'year',
  'addDays',
  'addWeeks',
  'addMonths',
  'addYears',
  'subtractDays',
  'subtractWeeks',
  'subtractMonths',
  'subtractYears',
  'secondsBetween',
  'minutesBetween',
  'hoursBetween',
  'daysBetween',
  'weeksBetween',
  'monthsBetween',
  'yearsBetween',
  'isBeforeDate',
  'isSameDate',
  'isAfterDate',
  'isWithinRange',
];

describe('public interface', () => {
  it('exports the agreed runtime functions', () => {
    for (const name of ['parseExpression', 'evaluate', 'checkExpression', 'parseIsoDate'] as const) {
      expect(typeof api[name], name).toBe('function');
    }
  });

  it('names the 51 catalogue functions plus the atan alias', () => {
    expect(STUDIO_CATALOGUE).toHaveLength(51);
    expect([...api.FUNCTION_NAMES].sort()).toEqual([...STUDIO_CATALOGUE, 'atan'].sort());
  });

  it('can call every catalogue function (each one is implemented, not just listed)', () => {
    const unknown = api.FUNCTION_NAMES.filter((name) => {
      const parsed = api.parseExpression(`${name}()`);
      if (!parsed.ok) return true;
      return api.checkExpression(parsed.expression).some((issue) => issue.message.startsWith('Unknown'));
    });
    expect(unknown).toEqual([]);
  });
});
