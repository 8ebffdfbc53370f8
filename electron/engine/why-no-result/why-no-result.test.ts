/**
 * "Why no result?" golden reports: `golden/<case>/steps.json` (the map, its own `map.rbl` unless it
 * names a shared one, then injections, a query and answers in order) and the expected explanation
 * in `golden/<case>/expected.json`. `UPDATE_GOLDEN=1` rewrites the expected files (review the diff
 * of them before committing).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnswerInput, FactInput, QueryInput } from '../../common/decision-api';
import { WhyNoResultSchema, type StopKind, type WhyNoResult } from '../../common/why-no-result';
import { errorOf, sessionOf, value } from '../test-support/harness';

type Step = { inject: FactInput[] } | { query: QueryInput } | { respond: AnswerInput[] };

const goldenDir = join(import.meta.dirname, 'golden');
const cases = readdirSync(goldenDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

async function explain(name: string): Promise<WhyNoResult> {
  const dir = join(goldenDir, name);
  const { map, steps } = JSON.parse(readFileSync(join(dir, 'steps.json'), 'utf8')) as { map?: string; steps: Step[] };
  const session = sessionOf(readFileSync(join(dir, map ?? 'map.rbl'), 'utf8'));
  for (const step of steps) {
    if ('inject' in step) value(session.inject(step.inject));
    else if ('query' in step) value(await session.query(step.query));
    else value(await session.respond(step.respond));
  }
  return value(session.whyNoResult());
}

describe('why no result: golden reports', () => {
  it.each(cases)('%s', async (name) => {
    const report = await explain(name);
    // What crosses IPC must match the shared schema.
    expect(WhyNoResultSchema.parse(report)).toEqual(report);
    const expectedFile = join(goldenDir, name, 'expected.json');
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(expectedFile, `${JSON.stringify(report, null, 2)}\n`);
    expect(report).toEqual(JSON.parse(readFileSync(expectedFile, 'utf8')));
  });

  it('cover every reason a rule can stop for', async () => {
    const kinds = new Set<StopKind>();
    for (const name of cases) for (const rule of (await explain(name)).rules) kinds.add(rule.stop.kind);
    expect([...kinds].sort()).toEqual(
      ['below-threshold', 'conditions-hold', 'expression-false', 'no-fact', 'question-skipped', 'under-minimum', 'unbound-variable'].sort(),
    );
  });
});

describe('why no result', () => {
  const languages = readFileSync(join(goldenDir, 'languages.rbl'), 'utf8');

  it('is refused before any query, and while a question waits', async () => {
    const session = sessionOf(languages);
    expect(errorOf(session.whyNoResult())).toEqual(['No query has been run in this session: run one first.']);
    value(await session.query({ subject: 'Bob', relationship: 'speaks' }));
    expect(errorOf(session.whyNoResult())).toEqual(['The query is waiting for an answer: answer or skip its question first.']);
  });

  it('says the query concluded when it did, and changes nothing in the session', async () => {
    const session = sessionOf(languages);
    value(session.inject([{ subject: 'Ann', relationship: 'lives in', object: 'France', certainty: 100 }]));
    value(await session.query({ subject: 'Ann', relationship: 'speaks' }));
    const journal = session.journal().length;
    const facts = session.facts();
    const report = value(session.whyNoResult());
    expect(report.concluded).toBe(true);
    expect(report.rules.map((rule) => rule.stop.kind)).toEqual(['conditions-hold']);
    expect(session.journal()).toHaveLength(journal);
    expect(session.facts()).toEqual(facts);
  });

  it('stops a huge join at its step limit and says so, with the furthest binding among those tried', async () => {
    const map = `<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="Item" type="string"/>
  <concept name="Size" type="number"/>
  <concept name="Answer" type="truth"/>
  <rel name="has part" subject="Item" object="Item" plural="true" askable="none"/>
  <rel name="has size" subject="Item" object="Size" askable="none"/>
  <rel name="is huge" subject="Item" object="Answer" askable="none"/>
  <relinst type="is huge" object="true" name="Pairs">
    <condition rel="has part" subject="%S" object="%A"/>
    <condition rel="has part" subject="%S" object="%B"/>
    <condition rel="has size" subject="%A" object="%X"/>
    <condition expression="%X &gt; 1000"/>
  </relinst>
</rbl:kb>`;
    const session = sessionOf(map);
    const parts = Array.from({ length: 200 }, (_, index) => ({
      subject: 'Box',
      relationship: 'has part',
      object: `P${index}`,
      certainty: 100,
    }));
    const sizes = parts.map((part) => ({ subject: part.object, relationship: 'has size', object: 5, certainty: 100 }));
    value(session.inject([...parts, ...sizes]));
    value(await session.query({ subject: 'Box', relationship: 'is huge' }));
    const [rule] = value(session.whyNoResult()).rules;
    expect(rule).toMatchObject({ searchCut: true, stop: { kind: 'expression-false', condition: { index: 3 } } });
    expect(rule?.message).toBe(
      'Stopped at condition 4 (%X > 1000): the expression is false with %X = 5. (Only the first 20,000 bindings were tried.)',
    );
  });
});
