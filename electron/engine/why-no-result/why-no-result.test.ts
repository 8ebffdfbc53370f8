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
});
