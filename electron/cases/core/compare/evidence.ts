/**
 * Evidence diff between two runs of a case: for each result, its evidence trees aligned by fact
 * triple (fact IDs differ per session), with the facts, rules, conditions and impacts that moved.
 * Data only; the workbench draws it as a graph coloured by `status`, the HTML report as lists.
 */
import type { ConditionEvidence, EvidenceRecord } from '../../../common/decision-api';
import { evidenceTree, factOf, isRelationshipCondition } from '../model/evidence';
import { describeTriple } from '../model/keys';
import type { Observation, ObservedResult } from '../model/observation';
import { resultKey } from './results';

export type ChangeStatus = 'same' | 'changed' | 'added' | 'removed';

export interface NodeSnapshot {
  readonly certainty: number;
  readonly source: string;
  readonly rule?: string;
  readonly ruleMaxCertainty?: number;
}

interface ConditionSnapshot {
  readonly certainty: number;
  readonly impact: number;
  readonly salience: number;
}

export interface ConditionDiff {
  readonly key: string;
  /** `England · national language · English` or an expression's text. */
  readonly label: string;
  /** The key of the fact node the condition points at (relationship conditions only). */
  readonly factKey?: string;
  readonly status: ChangeStatus;
  readonly before?: ConditionSnapshot;
  readonly after?: ConditionSnapshot;
}

export interface NodeDiff {
  readonly key: string;
  readonly label: string;
  readonly status: ChangeStatus;
  readonly before?: NodeSnapshot;
  readonly after?: NodeSnapshot;
  readonly conditions: readonly ConditionDiff[];
}

export interface EdgeDiff {
  readonly from: string;
  readonly to: string;
  readonly status: ChangeStatus;
}

export interface EvidenceDiff {
  /** The result's triple as people read it. */
  readonly result: string;
  /** The root node's key. */
  readonly root: string;
  readonly status: ChangeStatus;
  readonly nodes: readonly NodeDiff[];
  readonly edges: readonly EdgeDiff[];
}

function tripleKey(subject: unknown, relationship: string, object: unknown): string {
  return `${String(subject).trim().toLowerCase()}|${relationship.trim().toLowerCase()}|${String(object).trim().toLowerCase()}`;
}

function nodeKey(record: EvidenceRecord): string {
  const fact = factOf(record);
  return tripleKey(fact.subject, fact.relationship, fact.object);
}

function conditionOf(condition: ConditionEvidence): { key: string; label: string; factKey?: string; snapshot: ConditionSnapshot } {
  if (isRelationshipCondition(condition)) {
    const factKey = tripleKey(condition.subject, condition.relationship, condition.object);
    return {
      key: `rel:${factKey}`,
      label: condition.alt ?? describeTriple(condition),
      factKey,
      snapshot: { certainty: condition.certainty, impact: condition.impact, salience: condition.salience },
    };
  }
  const text = condition.expression.text;
  return {
    key: `expr:${text.trim().toLowerCase()}`,
    label: condition.alt ?? text,
    snapshot: { certainty: condition.wasMet ? 100 : 0, impact: condition.impact, salience: condition.salience },
  };
}

function snapshotOf(record: EvidenceRecord): NodeSnapshot {
  return {
    certainty: record.fact.certainty,
    source: record.source,
    ...(record.rule?.name === undefined ? {} : { rule: record.rule.name }),
    ...(record.rule === undefined ? {} : { ruleMaxCertainty: record.rule.ruleMaxCertainty }),
  };
}

const sameNumber = (a: number, b: number) => Math.abs(a - b) < 1e-9;

function diffConditions(before: EvidenceRecord | undefined, after: EvidenceRecord | undefined): ConditionDiff[] {
  const a = (before?.rule?.conditions ?? []).map(conditionOf);
  const b = (after?.rule?.conditions ?? []).map(conditionOf);
  const bByKey = new Map(b.map((condition) => [condition.key, condition]));
  const aKeys = new Set(a.map((condition) => condition.key));
  const diffs: ConditionDiff[] = a.map((condition) => {
    const match = bByKey.get(condition.key);
    const base = { key: condition.key, label: condition.label, ...(condition.factKey ? { factKey: condition.factKey } : {}) };
    if (!match) return { ...base, status: 'removed', before: condition.snapshot };
    const same =
      sameNumber(condition.snapshot.certainty, match.snapshot.certainty) &&
      sameNumber(condition.snapshot.impact, match.snapshot.impact) &&
      sameNumber(condition.snapshot.salience, match.snapshot.salience);
    return { ...base, status: same ? 'same' : 'changed', before: condition.snapshot, after: match.snapshot };
  });
  for (const condition of b) {
    if (!aKeys.has(condition.key))
      diffs.push({
        key: condition.key,
        label: condition.label,
        ...(condition.factKey ? { factKey: condition.factKey } : {}),
        status: 'added',
        after: condition.snapshot,
      });
  }
  return diffs;
}

function sameSnapshot(a: NodeSnapshot, b: NodeSnapshot): boolean {
  return sameNumber(a.certainty, b.certainty) && a.source === b.source && a.rule === b.rule && a.ruleMaxCertainty === b.ruleMaxCertainty;
}

/** The evidence diff of one result; either side may be missing (a result that appeared or disappeared). */
function diffResultEvidence(
  before: { observation: Observation; result: ObservedResult } | undefined,
  after: { observation: Observation; result: ObservedResult } | undefined,
): EvidenceDiff {
  const treeA = before ? evidenceTree(before.observation.evidence, before.result.factID) : [];
  const treeB = after ? evidenceTree(after.observation.evidence, after.result.factID) : [];
  const byKeyA = new Map(treeA.map((record) => [nodeKey(record), record]));
  const byKeyB = new Map(treeB.map((record) => [nodeKey(record), record]));
  const keys = [...new Set([...byKeyA.keys(), ...byKeyB.keys()])];
  const nodes: NodeDiff[] = keys.map((key) => {
    const a = byKeyA.get(key);
    const b = byKeyB.get(key);
    const record = (a ?? b) as EvidenceRecord;
    const conditions = diffConditions(a, b);
    const status: ChangeStatus = !a
      ? 'added'
      : !b
        ? 'removed'
        : sameSnapshot(snapshotOf(a), snapshotOf(b)) && conditions.every((condition) => condition.status === 'same')
          ? 'same'
          : 'changed';
    return {
      key,
      label: describeTriple(factOf(record)),
      status,
      ...(a ? { before: snapshotOf(a) } : {}),
      ...(b ? { after: snapshotOf(b) } : {}),
      conditions,
    };
  });
  const edges: EdgeDiff[] = nodes.flatMap((node) =>
    node.conditions.flatMap((condition) =>
      condition.factKey ? [{ from: node.key, to: condition.factKey, status: condition.status }] : [],
    ),
  );
  const result = (after ?? before)?.result as ObservedResult;
  const root = resultKey(result);
  const status: ChangeStatus = !before ? 'added' : !after ? 'removed' : nodes.every((node) => node.status === 'same') ? 'same' : 'changed';
  return { result: describeTriple(result), root, status, nodes, edges };
}

/** Evidence diffs of every result of either run. */
export function diffEvidence(before: Observation, after: Observation): EvidenceDiff[] {
  const afterByKey = new Map(after.results.map((result) => [resultKey(result), result]));
  const beforeKeys = new Set(before.results.map(resultKey));
  const diffs = before.results.map((result) => {
    const match = afterByKey.get(resultKey(result));
    return diffResultEvidence({ observation: before, result }, match ? { observation: after, result: match } : undefined);
  });
  for (const result of after.results)
    if (!beforeKeys.has(resultKey(result))) diffs.push(diffResultEvidence(undefined, { observation: after, result }));
  return diffs;
}
