import { describe, expect, it } from 'vitest';
import type { EvidenceDiff } from '../../../electron/cases/core';
import { diffGraphOf } from './evidence-diff-model';

const diff: EvidenceDiff = {
  result: 'Ada · speaks · English',
  root: 'ada|speaks|english',
  status: 'changed',
  nodes: [
    {
      key: 'ada|speaks|english',
      label: 'Ada · speaks · English',
      status: 'changed',
      before: { certainty: 80, source: 'rule', rule: 'Language of home', ruleMaxCertainty: 80 },
      after: { certainty: 60, source: 'rule', rule: 'Language of home', ruleMaxCertainty: 60 },
      conditions: [
        {
          key: 'rel:ada|lives in|england',
          label: 'Ada · lives in · England',
          factKey: 'ada|lives in|england',
          status: 'changed',
          before: { certainty: 100, impact: 40, salience: 100 },
          after: { certainty: 100, impact: 30, salience: 100 },
        },
        {
          key: 'rel:england|national language|english',
          label: 'England · national language · English',
          factKey: 'england|national language|english',
          status: 'same',
        },
      ],
    },
    {
      key: 'ada|lives in|england',
      label: 'Ada · lives in · England',
      status: 'same',
      before: { certainty: 100, source: 'answer' },
      after: { certainty: 100, source: 'answer' },
      conditions: [],
    },
  ],
  edges: [
    { from: 'ada|speaks|english', to: 'ada|lives in|england', status: 'changed' },
    { from: 'ada|speaks|english', to: 'england|national language|english', status: 'same' },
    { from: 'ada|speaks|english', to: 'ada|lives in|england', status: 'changed' },
  ],
};

describe('evidence diff graph model', () => {
  it('has a node per fact with what moved, condition-only nodes, one edge per link, and counts by status', () => {
    const graph = diffGraphOf(diff);
    expect(graph.rootId).toBe('ada|speaks|english');
    expect(graph.nodes.map((node) => [node.label, node.status, node.detail])).toEqual([
      ['Ada · speaks · English', 'changed', '80% rule (Language of home, max 80%) → 60% rule (Language of home, max 60%)'],
      ['Ada · lives in · England', 'same', '100% answer'],
      ['England · national language · English', 'same', 'condition without fetched evidence'],
    ]);
    expect(graph.edges.map((edge) => [edge.target, edge.status])).toEqual([
      ['ada|lives in|england', 'changed'],
      ['england|national language|english', 'same'],
    ]);
    expect(graph.counts).toEqual({ same: 2, changed: 1, added: 0, removed: 0 });
  });
});
