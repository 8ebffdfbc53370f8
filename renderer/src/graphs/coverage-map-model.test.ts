import { describe, expect, it } from 'vitest';
import type { CoverageAttribution } from '../../../electron/cases/core';
import type { Coverage } from '../../../electron/cases/core';
import type { MapRule, VocabularyRelationship } from '../../../electron/common/ipc';
import { coverageGraphOf, type CoverageMapInput } from './coverage-map-model';
import { layoutLayers } from './layered-layout';

/** Milliseconds of CPU time this process has used (vitest runs these tests in Node; the renderer's types leave Node out). */
function cpuMs(): number {
  const { user, system } = (globalThis as unknown as { process: { cpuUsage(): { user: number; system: number } } }).process.cpuUsage();
  return (user + system) / 1000;
}

function relationship(name: string, subjectConcept: string, objectConcept: string, inferred = false): VocabularyRelationship {
  return {
    name,
    subjectConcept,
    objectConcept,
    objectType: 'string',
    plural: true,
    allowCF: false,
    allowUnknown: false,
    canAddSubject: false,
    canAddObject: false,
    inferred,
    questions: {},
  };
}

const map: CoverageMapInput = {
  vocabulary: {
    concepts: [
      { name: 'person', type: 'string', instances: [] },
      { name: 'language', type: 'string', instances: [] },
      { name: 'country', type: 'string', instances: [] },
    ],
    relationships: [
      relationship('speaks', 'person', 'language', true),
      relationship('lives in', 'person', 'country'),
      relationship('national language', 'country', 'language'),
      relationship('took lessons in', 'person', 'language'),
    ],
  },
  rules: [
    { id: 'Language of home', relationship: 'speaks', conditions: ['lives in', 'national language'], line: 10 },
    { id: 'speaks #2', relationship: 'speaks', conditions: ['took lessons in'], line: 20 },
  ],
};

const coverage: Coverage = {
  relationships: [
    { name: 'lives in', uses: ['answered', 'asked'] },
    { name: 'national language', uses: ['evidence'] },
    { name: 'speaks', uses: ['concluded', 'queried'] },
    { name: 'took lessons in', uses: [] },
  ],
  rules: [
    { id: 'Language of home', relationship: 'speaks', line: 10, fired: 2 },
    { id: 'speaks #2', relationship: 'speaks', line: 20, fired: 0 },
  ],
  questions: [
    { relationship: 'lives in', form: 'second-form-object', asked: 1, options: ['England', 'Wales'], answered: ['Wales'] },
    { relationship: 'took lessons in', form: 'first-form', asked: 0, options: ['yes', 'no'], answered: [] },
  ],
  totals: {
    relationships: { covered: 3, total: 4 },
    rules: { covered: 1, total: 2 },
    questions: { covered: 1, total: 2 },
    options: { covered: 1, total: 4 },
  },
};

const exercisedBy: CoverageAttribution = {
  relationships: { 'lives in': ['Ada'], 'national language': ['Ada', 'Bruno'], speaks: ['Ada', 'Bruno'] },
  rules: { 'Language of home': ['Ada', 'Bruno'] },
  questions: { 'lives in|second-form-object': ['Ada'] },
};

const classesOf = (graph: ReturnType<typeof coverageGraphOf>, id: string) =>
  String(graph.elements.find((element) => element.data.id === id)?.classes ?? '').split(' ');

describe('the coverage map model', () => {
  const graph = coverageGraphOf(map, coverage, exercisedBy);

  it('draws concepts, relationships between their concepts, and rules between their condition and concluded relationships', () => {
    const nodes = graph.elements.filter((element) => element.group === 'nodes').map((element) => element.data.id);
    expect(nodes).toEqual([
      'concept:country',
      'concept:language',
      'concept:person',
      'rel:speaks',
      'rel:lives in',
      'rel:national language',
      'rel:took lessons in',
      'rule:Language of home',
      'rule:speaks #2',
    ]);
    const edges = graph.elements
      .filter((element) => element.group === 'edges')
      .map((element) => `${element.data.source} -> ${element.data.target}`);
    expect(edges).toContain('concept:person -> rel:speaks');
    expect(edges).toContain('rel:speaks -> concept:language');
    expect(edges).toContain('rel:lives in -> rule:Language of home');
    expect(edges).toContain('rel:national language -> rule:Language of home');
    expect(edges).toContain('rule:Language of home -> rel:speaks');
    expect(edges).toContain('rel:took lessons in -> rule:speaks #2');
  });

  it('classes what the run exercised and what it did not', () => {
    expect(classesOf(graph, 'rel:speaks')).toContain('exercised');
    expect(classesOf(graph, 'rel:took lessons in')).toEqual(['relationship', 'unexercised', 'askable', 'not-asked']);
    expect(classesOf(graph, 'rel:lives in')).toEqual(['relationship', 'exercised', 'askable', 'asked']);
    expect(classesOf(graph, 'rule:Language of home')).toEqual(['rule', 'exercised']);
    expect(classesOf(graph, 'rule:speaks #2')).toEqual(['rule', 'unexercised']);
    expect(classesOf(graph, 'conclusion:rule:speaks #2')).toContain('unexercised');
    expect(classesOf(graph, 'concept:person')).toEqual(['concept']);
  });

  it('says in words what exercised each element, and which cases', () => {
    expect(graph.details.get('rel:lives in')).toMatchObject({
      exercised: true,
      label: 'person · lives in · country',
      lines: ['Used as: answered, asked', 'Question (object): asked 1×, options answered 1/2 (Wales)'],
      cases: ['Ada'],
    });
    expect(graph.details.get('rule:Language of home')).toMatchObject({
      exercised: true,
      lines: ['Fired in 2 evidence records', 'Conditions on: lives in, national language'],
      cases: ['Ada', 'Bruno'],
    });
    expect(graph.details.get('rule:speaks #2')).toMatchObject({
      exercised: false,
      lines: ['Never fired', 'Conditions on: took lessons in'],
      cases: [],
    });
  });

  it('layers inputs above the rules that use them, and rules above what they conclude', () => {
    expect(graph.levels.get('concept:person')).toBe(-1);
    expect(graph.levels.get('rel:lives in')).toBe(0);
    expect(graph.levels.get('rule:Language of home')).toBe(1);
    expect(graph.levels.get('rel:speaks')).toBe(2);
  });

  it('terminates on recursive rules', () => {
    const recursive = coverageGraphOf(
      { vocabulary: map.vocabulary, rules: [{ id: 'loop', relationship: 'speaks', conditions: ['speaks'], line: 1 }] },
      { ...coverage, rules: [] },
      { relationships: {}, rules: {}, questions: {} },
    );
    expect(recursive.levels.get('rule:loop')).toBeGreaterThan(0);
  });
});

describe('the layered layout', () => {
  it('puts each level on its own rows without overlaps, neighbours close together', () => {
    const graph = coverageGraphOf(map, coverage, exercisedBy);
    const edges = graph.elements
      .filter((element) => element.group === 'edges')
      .map((element) => ({ source: String(element.data.source), target: String(element.data.target) }));
    const { positions, bounds } = layoutLayers(graph.levels, edges, () => ({ w: 100, h: 30 }));
    expect(positions.size).toBe(graph.levels.size);
    const y = (id: string) => positions.get(id)?.y ?? NaN;
    expect(y('concept:person')).toBeLessThan(y('rel:lives in'));
    expect(y('rel:lives in')).toBeLessThan(y('rule:Language of home'));
    expect(y('rule:Language of home')).toBeLessThan(y('rel:speaks'));
    const seen = new Set([...positions.values()].map((point) => `${point.x},${point.y}`));
    expect(seen.size).toBe(positions.size);
    expect(bounds.x2).toBeGreaterThan(bounds.x1);
  });

  it('lays out a map of 300 rules quickly, wrapping long rows', () => {
    const relationships = Array.from({ length: 120 }, (_, index) =>
      relationship(`r${index}`, `c${index % 20}`, `c${(index + 1) % 20}`, index >= 60),
    );
    const rules: MapRule[] = Array.from({ length: 300 }, (_, index) => ({
      id: `rule ${index}`,
      relationship: `r${60 + (index % 60)}`,
      conditions: [`r${index % 60}`, `r${(index * 7) % 120}`, `r${(index * 13) % 60}`],
      line: index,
    }));
    const big = coverageGraphOf(
      { vocabulary: { concepts: [], relationships }, rules },
      { ...coverage, relationships: [], rules: [], questions: [] },
      { relationships: {}, rules: {}, questions: {} },
    );
    const edges = big.elements
      .filter((element) => element.group === 'edges')
      .map((element) => ({ source: String(element.data.source), target: String(element.data.target) }));
    // CPU time, not the wall clock: time this process waited for a core on a busy machine is not the
    // layout's. About 5 ms here; 200 ms still catches a layout that grows out of hand.
    const started = cpuMs();
    const { positions, bounds } = layoutLayers(big.levels, edges, () => ({ w: 110, h: 30 }));
    expect(cpuMs() - started).toBeLessThan(200);
    expect(positions.size).toBe(big.levels.size);
    // Wrapped: no row wider than the widest allowed one.
    const maxPerRow = Math.max(8, Math.ceil(Math.sqrt(big.levels.size) * 1.5));
    expect(bounds.x2 - bounds.x1).toBeLessThanOrEqual(maxPerRow * 134);
  });
});
