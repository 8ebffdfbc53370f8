import { describe, expect, it } from 'vitest';
import { checkExpression } from './check';
import { parse } from './test-support/harness';

describe('checkExpression', () => {
  it('accepts known functions with the right arity', () => {
    expect(checkExpression(parse('round(%A, 2) + max(1, 2, 3) + countRelationshipInstances(%S, r, *) + today()'))).toEqual([]);
    expect(checkExpression(parse('ATAN(1) + atan(1, 2) + Round(%A)'))).toEqual([]);
  });

  it('reports unknown functions at the name', () => {
    expect(checkExpression(parse('sumary(%AGE, 1)'))).toEqual([{ message: 'Unknown expression function: sumary', offset: 0 }]);
    expect(checkExpression(parse('%A + notAFunction()'))).toEqual([{ message: 'Unknown expression function: notAFunction', offset: 5 }]);
  });

  it('reports a misspelt list function as unknown rather than failing to parse its arguments', () => {
    expect(checkExpression(parse('countRelationshipInstance(%S, has author, *)'))).toEqual([
      { message: 'Unknown expression function: countRelationshipInstance', offset: 0 },
    ]);
  });

  it('reports wrong arity with the expected count', () => {
    expect(checkExpression(parse('round(1, 2, 3)'))).toEqual([{ message: 'round expects 1 to 2 arguments but got 3', offset: 0 }]);
    expect(checkExpression(parse('1 + today(1)'))).toEqual([{ message: 'today expects 0 arguments but got 1', offset: 4 }]);
    expect(checkExpression(parse('max()'))).toEqual([{ message: 'max expects at least 1 argument but got 0', offset: 0 }]);
    expect(checkExpression(parse('countRelationshipInstances(%S, r)'))).toEqual([
      { message: 'countRelationshipInstances expects 3 arguments but got 2', offset: 0 },
    ]);
    expect(checkExpression(parse('isSubset(%A, r, *)'))).toEqual([{ message: 'isSubset expects 6 arguments but got 3', offset: 0 }]);
  });

  it('reports every problem, in source order, including nested calls', () => {
    expect(checkExpression(parse('floor(foo(1), 2) + bar()'))).toEqual([
      { message: 'floor expects 1 argument but got 2', offset: 0 },
      { message: 'Unknown expression function: foo', offset: 6 },
      { message: 'Unknown expression function: bar', offset: 19 },
    ]);
  });
});
