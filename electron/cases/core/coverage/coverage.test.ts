import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMap } from '../../../engine';
import { runCases } from '../..';
import { adaCase, brunoCase } from '../../test-support/language-cases';
import { languagesMap, startCaseServer, type CaseServer } from '../../test-support/server';
import { attributeCoverage, questionKey } from './attribution';
import { computeCoverage } from './coverage';
import { outlineOf } from './outline';

let server: CaseServer;
beforeAll(async () => {
  server = await startCaseServer();
});
afterAll(() => server.dispose());

function outline() {
  const loaded = loadMap(languagesMap());
  if (!loaded.map) throw new Error('fixture map did not load');
  return outlineOf(loaded.map);
}

describe('coverage of a suite over a map', () => {
  it('outlines relationships (forms, options), and rules with their signatures', () => {
    const { relationships, rules } = outline();
    expect(relationships.find((relationship) => relationship.name === 'lives in')).toEqual({
      name: 'lives in',
      forms: ['second-form-object'],
      options: { 'second-form-object': ['England', 'France', 'Wales'] },
      inferred: false,
    });
    expect(relationships.find((relationship) => relationship.name === 'is aged')?.options).toEqual({ 'second-form-object': [] });
    expect(rules.map((rule) => [rule.id, rule.signature])).toEqual([
      ['Language of home', 'speaks<-r:lives in;r:national language'],
      ['Learnt abroad', 'speaks<-r:has lived in;r:national language;r:took lessons in'],
    ]);
    expect(rules[0].conditions).toEqual(['lives in', 'national language']);
  });

  it('names the cases that exercised each relationship, rule and question', async () => {
    const cases = [adaCase(server.mapId), brunoCase(server.mapId)];
    const run = await runCases(cases, server.target('live', { policy: 'live' }));
    const attribution = attributeCoverage(outline(), run.cases.map((caseRun) => ({ caseName: caseRun.caseName, observation: caseRun.observation })));
    const coverage = computeCoverage(outline(), run.cases.map((caseRun) => caseRun.observation));
    for (const rule of coverage.rules) expect((attribution.rules[rule.id] ?? []).length > 0).toBe(rule.fired > 0);
    for (const relationship of coverage.relationships) expect((attribution.relationships[relationship.name] ?? []).length > 0).toBe(relationship.uses.length > 0);
    expect(attribution.relationships.speaks).toEqual(cases.map((testCase) => testCase.name));
    const asked = coverage.questions.filter((question) => question.asked > 0);
    expect(asked.length).toBeGreaterThan(0);
    for (const question of asked) expect(attribution.questions[questionKey(question.relationship, question.form)]?.length).toBeGreaterThan(0);
  });

  it('marks what a run exercised: relationship uses, rules fired, questions asked and options answered', async () => {
    const run = await runCases([adaCase(server.mapId), brunoCase(server.mapId)], server.target('live', { policy: 'live' }));
    const coverage = computeCoverage(outline(), run.cases.map((caseRun) => caseRun.observation));
    const uses = Object.fromEntries(coverage.relationships.map((relationship) => [relationship.name, relationship.uses]));
    expect(uses).toEqual({
      'has lived in': ['answered', 'asked', 'evidence'],
      'is aged': ['injected'],
      'lives in': ['answered', 'asked', 'evidence', 'injected'],
      'national language': ['evidence'],
      speaks: ['concluded', 'evidence', 'queried'],
      'took lessons in': ['answered', 'asked', 'evidence'],
    });
    expect(coverage.rules.map((rule) => [rule.id, rule.fired > 0])).toEqual([
      ['Language of home', true],
      ['Learnt abroad', true],
    ]);
    const livesIn = coverage.questions.find((question) => question.relationship === 'lives in');
    expect(livesIn).toMatchObject({ form: 'second-form-object', asked: 1, answered: ['Wales'] });
    const lessons = coverage.questions.find((question) => question.relationship === 'took lessons in' && question.form === 'first-form');
    expect(lessons).toMatchObject({ asked: 1, answered: ['yes'] });
    expect(coverage.totals.relationships).toEqual({ covered: 6, total: 6 });
    expect(coverage.totals.rules).toEqual({ covered: 2, total: 2 });
    expect(coverage.totals.options.covered).toBeLessThan(coverage.totals.options.total);
  });
});
