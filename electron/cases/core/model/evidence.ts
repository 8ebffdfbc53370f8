/** Walking collected evidence: the records under a result, following condition fact IDs. */
import {
  isSyntheticFactId,
  type ConditionEvidence,
  type EvidenceRecord,
  type RelationshipConditionEvidence,
} from '../../../common/decision-api';

export function isRelationshipCondition(condition: ConditionEvidence): condition is RelationshipConditionEvidence {
  return 'relationship' in condition;
}

/** Fact IDs a record's conditions point at (relationship conditions and list-function facts), synthetic ones left out. */
export function childFactIds(record: EvidenceRecord): string[] {
  const ids: string[] = [];
  for (const condition of record.rule?.conditions ?? []) {
    if (isRelationshipCondition(condition)) {
      if (condition.factID && !isSyntheticFactId(condition.factID)) ids.push(condition.factID);
    } else {
      for (const call of Object.values(condition.expression.functions ?? {})) {
        for (const fact of call.facts) if (fact.factID && !isSyntheticFactId(fact.factID)) ids.push(fact.factID);
      }
    }
  }
  return ids;
}

/** The records reachable from `rootFactId`, root first, each once (breadth first, cycle-safe). */
export function evidenceTree(evidence: Readonly<Record<string, EvidenceRecord>>, rootFactId: string): EvidenceRecord[] {
  const seen = new Set<string>();
  const queue = [rootFactId];
  const records: EvidenceRecord[] = [];
  while (queue.length > 0) {
    const id = queue.shift() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const record = evidence[id];
    if (!record) continue;
    records.push(record);
    queue.push(...childFactIds(record));
  }
  return records;
}

/** A record's fact as a plain triple. */
export function factOf(record: EvidenceRecord): {
  subject: string;
  relationship: string;
  object: string | number | boolean | null;
  certainty: number;
} {
  return {
    subject: String(record.fact.subject.value),
    relationship: record.fact.relationship.type,
    object: record.fact.object.value,
    certainty: record.fact.certainty,
  };
}
