/**
 * Facts and the indexes the solver matches against.
 *
 * A session sees three layers of facts: the map's own facts (indexed once per map and shared by every
 * session), the session's base facts (injections, answers, datasource results) and the facts inferred
 * by the current reasoning run. Each layer is a `FactIndex`.
 */
import type { FactSource } from '../../common/decision-api';
import type { FunctionCallRecord } from '../expressions';
import type { DataType, Rule, Value } from '../model/types';
import { valueKey } from '../values';
import { factIdFor } from './fact-id';

/** The platform's fact-ID codes by source. */
export const SOURCE_CODES: Record<FactSource, string> = {
  knowledgemap: 'KF',
  rule: 'RF',
  answer: 'AF',
  injection: 'IF',
  datasource: 'DF',
  synthesis: 'XX',
};

/** What one condition of a rule contributed to a derivation (kept for evidence). */
export type ConditionRecord =
  | { readonly kind: 'relationship'; readonly met: true; readonly fact: Fact }
  | { readonly kind: 'relationship'; readonly met: false; readonly subject: Value | undefined; readonly object: Value | undefined }
  | {
      readonly kind: 'expression';
      readonly met: boolean;
      readonly calls: readonly FunctionCallRecord[];
    };

/** How a rule produced a fact: the rule, the bindings and each condition's record in declared order. */
export interface Derivation {
  readonly rule: Rule;
  readonly bindings: ReadonlyMap<string, { readonly value: Value; readonly type: DataType | 'null' }>;
  readonly conditions: readonly ConditionRecord[];
  /** Unrounded certainty before rounding, for impacts. */
  readonly exactCertainty: number;
}

export class Fact {
  private cachedId: string | undefined;

  constructor(
    readonly subject: string,
    readonly relationship: string,
    readonly object: Value,
    readonly objectType: DataType,
    public certainty: number,
    readonly source: FactSource,
    readonly time: number,
    public derivation?: Derivation,
    /** Distinguishes derivations of number-object facts, which are never merged. */
    readonly derivationKey?: string,
  ) {}

  /** `WA:<code>:<64 hex>`, computed on first use (most inferred facts are never shown). */
  get id(): string {
    this.cachedId ??= factIdFor(SOURCE_CODES[this.source], this.subject, this.relationship, this.object, this.derivationKey);
    return this.cachedId;
  }

  /** Key of (subject, relationship, object): facts with equal keys are one fact (MAX certainty). */
  get key(): string {
    return tripleKey(this.subject, this.relationship, this.object);
  }
}

export function tripleKey(subject: string, relationship: string, object: Value): string {
  return relationship + '\u0000' + subject + '\u0000' + valueKey(object);
}

function pairKey(relationship: string, end: string): string {
  return relationship + '\u0000' + end;
}

const EMPTY: readonly Fact[] = [];

/** Facts indexed by relationship, by (relationship, subject) and by (relationship, object). */
export class FactIndex {
  private readonly byRelationship = new Map<string, Fact[]>();
  private readonly bySubject = new Map<string, Fact[]>();
  private readonly byObject = new Map<string, Fact[]>();
  private readonly byTriple = new Map<string, Fact>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(fact: Fact): void {
    push(this.byRelationship, fact.relationship, fact);
    push(this.bySubject, pairKey(fact.relationship, fact.subject), fact);
    push(this.byObject, pairKey(fact.relationship, valueKey(fact.object)), fact);
    if (!fact.derivationKey) this.byTriple.set(fact.key, fact);
    this.count++;
  }

  remove(fact: Fact): void {
    if (!removeFrom(this.byRelationship, fact.relationship, fact)) return;
    removeFrom(this.bySubject, pairKey(fact.relationship, fact.subject), fact);
    removeFrom(this.byObject, pairKey(fact.relationship, valueKey(fact.object)), fact);
    if (this.byTriple.get(fact.key) === fact) this.byTriple.delete(fact.key);
    this.count--;
  }

  /** The merged fact of a triple (not number-object derivations). */
  get(key: string): Fact | undefined {
    return this.byTriple.get(key);
  }

  /** Facts of a relationship, narrowed by subject and/or object when given. */
  match(relationship: string, subject: string | undefined, object: Value | undefined): readonly Fact[] {
    if (subject !== undefined) {
      const facts = this.bySubject.get(pairKey(relationship, subject)) ?? EMPTY;
      if (object === undefined) return facts;
      const key = valueKey(object);
      return facts.filter((fact) => valueKey(fact.object) === key);
    }
    if (object !== undefined) return this.byObject.get(pairKey(relationship, valueKey(object))) ?? EMPTY;
    return this.byRelationship.get(relationship) ?? EMPTY;
  }

  *all(): IterableIterator<Fact> {
    for (const facts of this.byRelationship.values()) yield* facts;
  }
}

function push(map: Map<string, Fact[]>, key: string, fact: Fact): void {
  const list = map.get(key);
  if (list) list.push(fact);
  else map.set(key, [fact]);
}

function removeFrom(map: Map<string, Fact[]>, key: string, fact: Fact): boolean {
  const list = map.get(key);
  const at = list ? list.indexOf(fact) : -1;
  if (!list || at < 0) return false;
  list.splice(at, 1);
  if (list.length === 0) map.delete(key);
  return true;
}
