/**
 * A synthetic evidence tree of about `nodeCount` drawn nodes, for the graph lab and the renderer
 * benchmark (issue 4: lay out and draw 2,000 nodes in under a second). Shaped like real evidence:
 * rule facts with three conditions each (relationship conditions, one expression, sometimes an
 * unmet optional one), leaves answered, injected or stored in the map.
 *
 * Two more shapes, with the long labels real maps have, check that a 60-node tree fits the view
 * (issue 14): `wide` (a rule of six derived conditions, each derived from seven or eight answers:
 * a shallow bushy tree) and `deep` (two chains of rules, each rule one derived condition deeper
 * plus an answer and an expression: a deep narrow tree).
 */
import type { ConditionEvidence, EvidenceRecord } from '../api/wire';

function hex(index: number): string {
  return index.toString(16).padStart(8, '0');
}

function ruleRecord(factID: string, subject: string, object: string, conditions: ConditionEvidence[]): EvidenceRecord {
  return {
    factID,
    source: 'rule',
    fact: {
      subject: { type: 'person', value: subject, dataType: 'string' },
      relationship: { type: 'qualifies for' },
      object: { type: 'benefit', value: object, dataType: 'string' },
      certainty: 80,
    },
    time: 1_700_000_000_000,
    rule: { bindings: { S: subject, O: object }, conditions, ruleMaxCertainty: 90 },
  };
}

export type SyntheticShape = 'balanced' | 'wide' | 'deep';

interface SyntheticTree {
  readonly rootId: string;
  readonly records: Map<string, EvidenceRecord>;
}

/** Records by factID, and the root's factID. */
export function syntheticEvidence(nodeCount: number, shape: SyntheticShape = 'balanced'): SyntheticTree {
  return shape === 'balanced' ? balancedEvidence(nodeCount) : shapedEvidence(nodeCount, shape);
}

// Relationship names as long as real maps' (the housing-grant fixture's run to 25 characters).
const RELATIONSHIPS = [
  'earns a yearly income of',
  'has lived at the address for',
  'is the main tenant of',
  'receives an allowance from',
  'has dependent children at',
  'was refused support by',
  'pays a monthly rent of',
  'holds a residence permit until',
];
const OBJECTS = ['31500', '3 years', '12 Harbour Road', 'the county council', '2 addresses', 'the housing board', '850', '2027-06-30'];

function longCondition(made: number, index: number, factID: string): ConditionEvidence {
  return {
    subject: `Applicant ${made}`,
    relationship: RELATIONSHIPS[(made + index) % RELATIONSHIPS.length],
    object: OBJECTS[(made * 3 + index) % OBJECTS.length],
    salience: 100,
    certainty: 90,
    impact: 27,
    factID,
    objectType: 'string',
  };
}

/** The deep shape: this many chains of rules under the root, each this many rules long. */
const DEEP = { levels: 4, chains: 2 } as const;

/**
 * The wide and deep shapes: rules breadth first, each given its derived conditions by its shape,
 * and the nodes left over shared out as answered leaves.
 */
function shapedEvidence(nodeCount: number, shape: Exclude<SyntheticShape, 'balanced'>): SyntheticTree {
  const records = new Map<string, EvidenceRecord>();
  let next = 0;
  const rootId = `WA:RF:${hex(next++)}`;
  // Each rule fact is drawn as itself, its rule node and its conditions.
  const queue: { factID: string; level: number; chain: number }[] = [{ factID: rootId, level: 0, chain: 0 }];
  let nodes = 1;
  let made = 0;
  while (queue.length > 0) {
    const { factID, level, chain } = queue.shift() as (typeof queue)[number];
    made += 1;
    nodes += 1; // the rule node
    const left = nodeCount - nodes;
    let derived: number;
    let leaves: number;
    if (shape === 'wide') {
      // The root's rule: six derived conditions and an expression; each of theirs an even share of what is left.
      derived = level === 0 ? 6 : 0;
      leaves = level === 0 ? 1 : Math.max(1, Math.round((left - queue.length) / (queue.length + 1)));
    } else {
      // DEEP.chains chains of DEEP.levels rules; each rule one derived condition deeper, and the nodes left over as its leaves.
      const rules = DEEP.chains * DEEP.levels;
      const spare = Math.max(rules, nodeCount - 2 * rules - 3);
      derived = level === 0 ? DEEP.chains : level < DEEP.levels ? 1 : 0;
      leaves = level === 0 ? 1 : Math.floor(spare / rules) + (made - 2 < spare % rules ? 1 : 0);
    }
    const conditions: ConditionEvidence[] = [];
    for (let index = 0; index < derived; index += 1) {
      const id = `WA:RF:${hex(next++)}`;
      queue.push({ factID: id, level: level + 1, chain: level === 0 ? index : chain });
      conditions.push(longCondition(made, index, id));
    }
    for (let index = 0; index < leaves; index += 1) {
      if (index % 3 === 2)
        conditions.push({
          expression: { text: `%S's yearly income is under the cap of 31500` },
          impact: 18,
          salience: 50,
          wasMet: true,
        });
      else conditions.push(longCondition(made, derived + index, `WA:${index % 3 === 0 ? 'AF' : 'KF'}:${hex(next++)}`));
    }
    nodes += conditions.length;
    records.set(factID, ruleRecord(factID, `Applicant ${made}`, `Housing support ${chain + 1}.${level + 1}`, conditions));
  }
  return { rootId, records };
}

/** Each rule fact adds 4 nodes (itself excluded): rule + 3 children. */
function balancedEvidence(nodeCount: number): SyntheticTree {
  const records = new Map<string, EvidenceRecord>();
  const rules = Math.max(1, Math.floor((nodeCount - 1) / 4));
  let next = 0;
  const rootId = `WA:RF:${hex(next++)}`;
  const queue: string[] = [rootId];
  let made = 0;
  while (queue.length > 0 && made < rules) {
    const factID = queue.shift() as string;
    made += 1;
    const conditions: ConditionEvidence[] = [];
    for (let child = 0; child < 2; child += 1) {
      const inferred = made + queue.length < rules;
      const id = `WA:${inferred ? 'RF' : child === 0 ? 'AF' : 'KF'}:${hex(next++)}`;
      if (inferred) queue.push(id);
      conditions.push({
        subject: `P${made}`,
        relationship: inferred ? 'qualifies for' : 'has attribute',
        object: `V${next}`,
        salience: 100,
        certainty: 90,
        impact: 27,
        factID: id,
        objectType: 'string',
      });
    }
    conditions.push(
      made % 5 === 0
        ? {
            subject: `P${made}`,
            relationship: 'has exemption',
            object: 'any',
            salience: 50,
            certainty: 0,
            impact: 0,
            factID: 'WA:XX',
            objectType: 'string',
          }
        : { expression: { text: '%S is not empty' }, impact: 18, salience: 50, wasMet: true },
    );
    records.set(factID, ruleRecord(factID, `P${made}`, `B${made}`, conditions));
  }
  return { rootId, records };
}
