import { describe, expect, it } from 'vitest';
import { evaluate } from '../evaluate';
import { context, date, errorOf, fact, parse, run, typedResult, value } from '../test-support/harness';

const speaks = [fact('Tom', 'speaks', 'French'), fact('Tom', 'speaks', 'English'), fact('Ann', 'speaks', 'French')];
const amounts = [
  fact('L1', 'has loan amount', 100),
  fact('L1', 'has loan amount', 250.5),
  fact('L1', 'has loan amount', 100), // number facts do not dedupe: both count
  fact('L2', 'has loan amount', 7),
];

describe('countRelationshipInstances', () => {
  it('counts facts matching subject and object patterns', () => {
    expect(value("countRelationshipInstances(%S,'speaks',*)", { S: 'Tom' }, speaks)).toBe(2);
    expect(value("countRelationshipInstances(*,'speaks','French')", {}, speaks)).toBe(2);
    expect(value('countRelationshipInstances(*,speaks,*)', {}, speaks)).toBe(3);
    expect(value("countRelationshipInstances(%S,'speaks',%L)", { S: 'Ann', L: 'English' }, speaks)).toBe(0);
  });

  it('passes patterns and the unquoted multi-word relationship name to listFacts', () => {
    const ctx = context({ S: 'L1' }, amounts);
    evaluate(parse('countRelationshipInstances(%S, has loan amount, 100)'), ctx);
    expect(ctx.queries).toEqual([
      { subject: { kind: 'value', value: 'L1' }, relationship: 'has loan amount', object: { kind: 'value', value: 100 } },
    ]);
  });

  it('counts facts whose object is null (asserted by min/maxObjects over nothing)', () => {
    expect(value("countRelationshipInstances(*,'x',*)", {}, [fact('a', 'x', 2), fact('b', 'x', null)])).toBe(2);
  });

  it('supports the absence test "is equal to 0"', () => {
    expect(value("countRelationshipInstances(%S,'has workaround',*) is equal to 0", { S: 'Tom' }, speaks)).toBe(true);
  });
});

describe('sumObjects', () => {
  it('sums number objects, counting repeated derivations', () => {
    expect(value('sumObjects(%S, has loan amount, *)', { S: 'L1' }, amounts)).toBe(450.5);
  });

  it('is 0 over nothing (live)', () => {
    expect(typedResult("sumObjects(%S,'has loan amount',*)", { S: 'none' }, amounts)).toEqual({ type: 'number', value: 0 });
  });

  it('rejects non-numeric objects', () => {
    expect(errorOf("sumObjects(%S,'speaks',*)", { S: 'Tom' }, speaks)).toBe(
      "sumObjects needs number or date objects but 'speaks' has 'French'",
    );
  });

  it('skips null objects', () => {
    expect(value("sumObjects(*,'x',*)", {}, [fact('a', 'x', 2), fact('b', 'x', null)])).toBe(2);
  });
});

describe('minObjects / maxObjects', () => {
  it('return the smallest / largest number', () => {
    expect(value("minObjects(*,'has loan amount',*)", {}, amounts)).toBe(7);
    expect(value("maxObjects(*,'has loan amount',*)", {}, amounts)).toBe(250.5);
  });

  it('return the earliest / latest date, typed date', () => {
    const dates = [fact('c', 'd', date('2026-03-01').value, 'date'), fact('c', 'd', date('2026-01-01').value, 'date')];
    expect(typedResult("minObjects(%S,'d',*)", { S: 'c' }, dates)).toEqual(date('2026-01-01'));
    expect(typedResult("maxObjects(%S,'d',*)", { S: 'c' }, dates)).toEqual(date('2026-03-01'));
  });

  it('return null over nothing, which then compares like +infinity (live)', () => {
    expect(typedResult("minObjects(%S,'has loan amount',*)", { S: 'none' }, amounts)).toEqual({ type: 'null', value: null });
    expect(typedResult("maxObjects(%S,'has loan amount',*)", { S: 'none' }, amounts)).toEqual({ type: 'null', value: null });
    expect(value("minObjects(%S,'has loan amount',*) >= 1.25", { S: 'none' }, amounts)).toBe(true);
  });

  it('accept numeric string objects', () => {
    expect(value("maxObjects(*,'x',*)", {}, [fact('a', 'x', '12'), fact('b', 'x', 3)])).toBe(12);
  });
});

describe('joinObjects', () => {
  it('joins objects with ", " in fact order', () => {
    expect(typedResult("joinObjects(%S,'speaks',*)", { S: 'Tom' }, speaks)).toEqual({ type: 'string', value: 'French, English' });
    expect(value("joinObjects(%S,'has loan amount',*)", { S: 'L1' }, amounts)).toBe('100, 250.5, 100');
  });

  it('is the empty string over nothing', () => {
    expect(value("joinObjects(%S,'speaks',*)", { S: 'Zed' }, speaks)).toBe('');
  });
});

describe('isSubset', () => {
  const facts = [
    fact('Job', 'needs skill', 'Welding'),
    fact('Job', 'needs skill', 'Driving'),
    fact('Ann', 'has skill', 'Driving'),
    fact('Ann', 'has skill', 'Welding'),
    fact('Ann', 'has skill', 'Cooking'),
    fact('Bob', 'has skill', 'Driving'),
  ];

  it('is true when every object of the first pattern is among the second', () => {
    expect(value("isSubset(%J,'needs skill',*,%P,'has skill',*)", { J: 'Job', P: 'Ann' }, facts)).toBe(true);
    expect(value("isSubset(%J,'needs skill',*,%P,'has skill',*)", { J: 'Job', P: 'Bob' }, facts)).toBe(false);
  });

  it('is true for an empty first set', () => {
    expect(value("isSubset(%J,'needs skill',*,%P,'has skill',*)", { J: 'Nobody', P: 'Bob' }, facts)).toBe(true);
  });

  it('records the facts of both patterns', () => {
    const result = run('isSubset(%J, needs skill, *, %P, has skill, *)', { J: 'Job', P: 'Bob' }, facts);
    expect(result.ok && result.calls.map((c) => [c.call, c.facts.length])).toEqual([
      ['isSubset(Job, needs skill, *, Bob, has skill, *)', 3],
    ]);
  });

  it('matches numbers against numeric strings', () => {
    const mixed = [fact('a', 'x', 5), fact('b', 'y', '5')];
    expect(value("isSubset(a,'x',*,b,'y',*)", {}, mixed)).toBe(true);
  });
});

describe('list call records', () => {
  it('key the call by evaluated arguments, relationship unquoted, and keep the facts seen', () => {
    const result = run("sumObjects(%S,'has loan amount',*)", { S: 'L2' }, amounts);
    expect(result).toEqual({
      ok: true,
      value: { type: 'number', value: 7 },
      calls: [
        { call: 'sumObjects(L2, has loan amount, *)', name: 'sumObjects', facts: [amounts[3]], result: { type: 'number', value: 7 } },
      ],
    });
  });

  it('show number patterns plainly', () => {
    const result = run("countRelationshipInstances(*, 'has loan amount', 250.5)", {}, amounts);
    expect(result.ok && result.calls[0].call).toBe('countRelationshipInstances(*, has loan amount, 250.5)');
  });
});
