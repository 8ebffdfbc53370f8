/**
 * A synthetic evidence tree of about `nodeCount` drawn nodes, for the graph lab and the renderer
 * benchmark (issue 4: lay out and draw 2,000 nodes in under a second). Shaped like real evidence:
 * rule facts with three conditions each (relationship conditions, one expression, sometimes an
 * unmet optional one), leaves answered, injected or stored in the map.
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

/** Records by factID, and the root's factID. Each rule fact adds 4 nodes (itself excluded): rule + 3 children. */
export function syntheticEvidence(nodeCount: number): { rootId: string; records: Map<string, EvidenceRecord> } {
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
