import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate';
import { context, date, errorOf, fact, ms, parse, run, typedResult, value } from './test-support/harness';
import type { EvalContext } from './types';

describe('evaluate: arithmetic', () => {
  it('computes left to right with exact JS numbers', () => {
    expect(value('%A + %B * 2', { A: 1, B: 2 })).toBe(6);
    expect(value('10 / 4 - 0.5')).toBe(2);
    expect(value('((%BL * %TB) + (%VA * %TW)) / %NBL', { BL: 50, TB: 40, VA: 50, TW: 20, NBL: 100 })).toBe(30);
  });

  it('concatenates when either side is a string, printing numbers plainly and truth as words', () => {
    expect(value("'Score: ' + %R", { R: 2.5 })).toBe('Score: 2.5');
    expect(value("%N + ' of ' + %T", { N: 3, T: 10 })).toBe('3 of 10');
    expect(value("'flag ' + %F", { F: true })).toBe('flag true');
    expect(typedResult("1 + '1'")).toEqual({ type: 'string', value: '11' });
  });

  it('adds before concatenating when the numbers come first (left to right)', () => {
    expect(value("1 + 2 + 'x'")).toBe('3x');
    expect(value("'x' + 1 + 2")).toBe('x12');
  });

  it('prints dates as epoch ms in concatenation', () => {
    expect(value("'due ' + %D", { D: date('1990-01-01') })).toBe('due 631152000000');
  });

  it('prints null as "null" in concatenation (string wins over null propagation)', () => {
    expect(value("'min ' + %M", { M: null })).toBe('min null');
  });

  it('yields null for arithmetic on null', () => {
    expect(typedResult('%M + 1', { M: null })).toEqual({ type: 'null', value: null });
    expect(typedResult('2 * %M - 1', { M: null })).toEqual({ type: 'null', value: null });
    expect(typedResult('-%M', { M: null })).toEqual({ type: 'null', value: null });
  });

  it('keeps date types through date ± number and gives a number for date - date', () => {
    expect(typedResult('%D + 86400000', { D: date('2026-01-01') })).toEqual(date('2026-01-02'));
    expect(typedResult('%D - 86400000', { D: date('2026-01-01') })).toEqual(date('2025-12-31'));
    expect(typedResult('%B - %A', { A: date('2026-01-01'), B: date('2026-01-03') })).toEqual({ type: 'number', value: 172800000 });
  });

  it('coerces numeric strings in -, *, / but rejects other text and truth values', () => {
    expect(value('%S * 2', { S: '21' })).toBe(42);
    expect(errorOf('%S * 2', { S: 'abc' })).toBe("'*' expects a number but got 'abc'");
    expect(errorOf('%T + 1', { T: true })).toBe("'+' expects a number but got true");
  });

  it('reports division by zero as an error result', () => {
    expect(run('%A / 0', { A: 1 })).toEqual({ ok: false, reason: 'error', message: 'Division by zero' });
  });

  it('reports overflow as an error rather than storing Infinity', () => {
    expect(errorOf('1e308 * 10')).toBe('Arithmetic produced a non-finite number');
  });
});

describe('evaluate: comparisons', () => {
  it('compares numbers exactly', () => {
    expect(value('0.1 + 0.2 = 0.3')).toBe(false);
    expect(value('%A is greater than or equal to 18', { A: 18 })).toBe(true);
    expect(value('%A lt 18', { A: 18 })).toBe(false);
  });

  it('treats null like +infinity in ordering (live-observed)', () => {
    expect(value('%M >= 1.25', { M: null })).toBe(true);
    expect(value('%M is less than 1.25', { M: null })).toBe(false);
    expect(value('1.25 < %M', { M: null })).toBe(true);
    expect(value('%M <= %N', { M: null, N: null })).toBe(true);
    expect(value('%M > %N', { M: null, N: null })).toBe(false);
  });

  it('has null equal only to null', () => {
    expect(value('%M = %N', { M: null, N: null })).toBe(true);
    expect(value('%M = 0', { M: null })).toBe(false);
    expect(value('%M != 0', { M: null })).toBe(true);
  });

  it('compares strings case-sensitively', () => {
    expect(value("%C = 'Corporate'", { C: 'Corporate' })).toBe(true);
    expect(value("%C = 'corporate'", { C: 'Corporate' })).toBe(false);
    expect(value('%A is not equal to %B', { A: 'Jack', B: 'Queen' })).toBe(true);
  });

  it('compares a number with a numeric string numerically, other type pairs as unequal', () => {
    expect(value('%S = 14', { S: '14.0' })).toBe(true);
    expect(value('%S > 9', { S: '14' })).toBe(true);
    expect(value('%S = 1', { S: 'one' })).toBe(false);
    expect(value("%T = 'true'", { T: true })).toBe(false);
    expect(value('%T = 1', { T: true })).toBe(false);
  });

  it('orders two numeric strings numerically and other strings by code unit', () => {
    expect(value("'10' > '9'")).toBe(true);
    expect(value("'b' > 'a'")).toBe(true);
    expect(value("'B' > 'a'")).toBe(false);
  });

  it('refuses to order truth values', () => {
    expect(errorOf('true > false')).toBe("'>' cannot order truth values");
  });

  it('compares dates with ISO literals and ISO strings', () => {
    expect(value('(%LOWEST_DATE = 1990-01-01)', { LOWEST_DATE: date('1990-01-01') })).toBe(true);
    expect(value('%D > 2026-06-30', { D: date('2026-07-01') })).toBe(true);
    expect(value("%D = '2026-07-01'", { D: date('2026-07-01') })).toBe(true);
    expect(value('%A > %B', { A: date('2026-07-02'), B: date('2026-07-01') })).toBe(true);
  });

  it('compares truth values', () => {
    expect(value('%D is equal to true', { D: true })).toBe(true);
    expect(value('isSameDate(%A, %B) = false', { A: date('2026-01-01'), B: date('2026-01-02') })).toBe(true);
  });
});

describe('evaluate: and / or', () => {
  it('combines truth values', () => {
    expect(value("(%CT is equal to 'Corporate') or (%CT is equal to 'Business')", { CT: 'Business' })).toBe(true);
    expect(value('(%A > 1) AND (%A < 3)', { A: 2 })).toBe(true);
    expect(value('(%A > 1) and (%A < 3)', { A: 3 })).toBe(false);
  });

  it('rejects non-truth operands', () => {
    expect(errorOf('1 and true')).toBe("'and' needs true/false operands but got 1");
    expect(errorOf("false or 'x'")).toBe("'or' needs true/false operands but got x");
  });

  it('short-circuits: the right side is not evaluated (no list query) once the result is known', () => {
    const ctx = context({ A: 1 }, [fact('s', 'r', 'x')]);
    const e = parse('%A = 2 and countRelationshipInstances(s, r, *) > 0');
    const result = evaluate(e, ctx);
    expect(result).toEqual({ ok: true, value: { type: 'truth', value: false }, calls: [] });
    expect(ctx.queries).toHaveLength(0);
    expect(value('%A = 1 or 1 / 0 = 1', { A: 1 })).toBe(true);
  });
});

describe('evaluate: variables', () => {
  it('returns the bound value itself for a bare variable (reflexive rules copy %S to %O)', () => {
    expect(typedResult('%S', { S: 'Tom' })).toEqual({ type: 'string', value: 'Tom' });
    expect(typedResult("'Irish'")).toEqual({ type: 'string', value: 'Irish' });
  });

  it('reports the first unbound variable before evaluating anything', () => {
    const ctx = context({ B: 1 }, [fact('s', 'r', 'x')]);
    const e = parse('countRelationshipInstances(s, r, *) + %A + %B + %C');
    expect(evaluate(e, ctx)).toEqual({ ok: false, reason: 'unbound', variable: 'A' });
    expect(ctx.queries).toHaveLength(0);
  });

  it('reports unbound even where short-circuiting would skip the variable', () => {
    expect(run('%A = 1 or %B = 2', { A: 1 })).toEqual({ ok: false, reason: 'unbound', variable: 'B' });
  });
});

describe('evaluate: call records', () => {
  it('records every call, nested ones first, with argument values substituted', () => {
    const result = run('floor(yearsBetween(%DOB, %TODAY))', { DOB: date('1990-01-01'), TODAY: date('2026-07-15') });
    if (!result.ok) throw new Error('evaluation failed');
    const years = result.calls[0].result.value;
    expect(years).toBeCloseTo(36 + 195 / 365, 12);
    expect(result.calls.map((c) => [c.call, c.name, c.result.value])).toEqual([
      [`yearsBetween(${ms('1990-01-01')}, ${ms('2026-07-15')})`, 'yearsBetween', years],
      [`floor(${String(years)})`, 'floor', 36],
    ]);
  });

  it('shows list-function relationship names unquoted and wildcards as *', () => {
    const facts = [fact('Tom', 'speaks', 'French'), fact('Tom', 'speaks', 'English')];
    const result = run("countRelationshipInstances(%S, 'speaks', *)", { S: 'Tom' }, facts);
    expect(result).toEqual({
      ok: true,
      value: { type: 'number', value: 2 },
      calls: [
        {
          call: 'countRelationshipInstances(Tom, speaks, *)',
          name: 'countRelationshipInstances',
          facts,
          result: { type: 'number', value: 2 },
        },
      ],
    });
  });

  it('records nothing when recordCalls is false', () => {
    const result = evaluate(parse('round(%A)'), context({ A: 1.5 }), { recordCalls: false });
    expect(result).toEqual({ ok: true, value: { type: 'number', value: 2 }, calls: [] });
  });
});

describe('evaluate: list facts suspension', () => {
  it('lets exceptions thrown by listFacts propagate unchanged', () => {
    const signal = { suspend: 'question' };
    const ctx: EvalContext = {
      variable: () => ({ type: 'string', value: 'Tom' }),
      listFacts: () => {
        throw signal;
      },
      now: () => 0,
    };
    const e = parse("countRelationshipInstances(%S, 'speaks', *) > 0");
    let caught: unknown;
    try {
      evaluate(e, ctx);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBe(signal);
  });

  it('lets Error subclasses from listFacts propagate too (not turned into error results)', () => {
    class Suspend extends Error {}
    const ctx: EvalContext = {
      variable: () => undefined,
      listFacts: () => {
        throw new Suspend('ask');
      },
      now: () => 0,
    };
    expect(() => evaluate(parse('sumObjects(s, r, *)'), ctx)).toThrow(Suspend);
  });
});

describe('evaluate: reuse', () => {
  it('evaluates one parsed expression repeatedly with different bindings', () => {
    const e = parse('%X * 2 + 1');
    const results = [1, 2, 3].map((x) => evaluate(e, context({ X: x })));
    expect(results.map((r) => r.ok && r.value.value)).toEqual([3, 5, 7]);
  });

  it('reports unknown functions and runtime arity errors as error results', () => {
    expect(errorOf('sumary(%AGE, 1)', { AGE: 3 })).toBe('Unknown expression function: sumary');
    expect(errorOf('round(1, 2, 3)')).toBe('round expects 1 to 2 arguments but got 3');
    expect(errorOf('today(1)')).toBe('today expects 0 arguments but got 1');
  });
});
