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
import { sameValue, valueKey } from '../values';
import { factIdFor, factIdsFor } from './fact-id';
import { TripleMap } from './triple-map';

/** The platform's fact-ID code of a source. (A switch: every inferred fact's ID reads one.) */
function sourceCode(source: FactSource): string {
  switch (source) {
    case 'rule':
      return 'RF';
    case 'knowledgemap':
      return 'KF';
    case 'answer':
      return 'AF';
    case 'injection':
      return 'IF';
    case 'datasource':
      return 'DF';
    case 'synthesis':
      return 'XX';
  }
}

/** What one condition of a rule contributed to a derivation (kept for evidence). */
export type ConditionRecord =
  | { readonly kind: 'relationship'; readonly met: true; readonly fact: Fact }
  | { readonly kind: 'relationship'; readonly met: false; readonly subject: Value | undefined; readonly object: Value | undefined }
  | {
      readonly kind: 'expression';
      readonly met: boolean;
      readonly calls: readonly FunctionCallRecord[];
    };

/** A variable's value and type in a derivation. */
interface BoundValue {
  readonly value: Value;
  readonly type: DataType | 'null';
}

/** The rule side of a derivation: shared by every fact one rule derives (the solver's compiled rule). */
export interface DerivingRule {
  readonly rule: Rule;
  /** Variable names of the rule (without `%`), in slot order. */
  readonly variables: readonly string[];
}

/** One slot of a derivation: the value bound to a variable, or the record of a condition. */
export type DerivationSlot = BoundValue | ConditionRecord | undefined;

/**
 * The slots of every derivation of one reasoning run, end to end; a fact keeps where its own start.
 * A join concludes thousands of facts, and an array per fact was a fifth of what each one kept.
 * A derivation's slots are the value bound to each variable (by slot), then each condition's record
 * (declared order).
 */
export type SlotArena = DerivationSlot[];

/** How a rule produced a fact: the rule, the value bound to each of its variables and each condition's record. */
class Derivation {
  constructor(
    private readonly by: DerivingRule,
    private readonly slots: readonly DerivationSlot[],
  ) {}

  get rule(): Rule {
    return this.by.rule;
  }

  get variables(): readonly string[] {
    return this.by.variables;
  }

  /** The value bound to each variable, by slot. */
  get values(): readonly (BoundValue | undefined)[] {
    return this.slots.slice(0, this.by.variables.length) as (BoundValue | undefined)[];
  }

  /** Each condition's record, in declared order. */
  get conditions(): readonly ConditionRecord[] {
    return this.slots.slice(this.by.variables.length) as ConditionRecord[];
  }
}

/**
 * What the facts added together have in common: a run's conclusions by one rule, or the facts of one
 * relationship given at one moment (the map's own, an injection, an answer). Shared rather than kept
 * per fact: a join concludes thousands of facts in one run, and each is kept with its derivation.
 */
export interface FactOrigin {
  readonly relationship: string;
  readonly objectType: DataType;
  readonly source: FactSource;
  /** When the facts were added (epoch ms). */
  readonly time: number;
  /** The rule that concluded the facts, and the run's array their derivation slots are in. */
  readonly derivedBy?: { readonly rule: DerivingRule; readonly arena: SlotArena };
}

/** The origin of a run's conclusions by one rule. */
export interface RuleOrigin extends FactOrigin {
  readonly derivedBy: { readonly rule: DerivingRule; readonly arena: SlotArena };
}

/**
 * What joining a fact into a rule needs of it: the bindings of its ends and the record of the
 * condition it meets. Made once per fact and shared by every derivation it is joined into (all are
 * read-only); kept apart from the fact, as most inferred facts are never joined.
 */
interface JoinedFact {
  readonly subject: BoundValue;
  readonly object: BoundValue;
  readonly met: ConditionRecord;
}

/** A fact. Its relationship, object type, source, time and rule are those of its origin. */
export class Fact {
  private cachedId: string | undefined = undefined;
  private joinedFact: JoinedFact | undefined = undefined;

  constructor(
    readonly subject: string,
    readonly object: Value,
    public certainty: number,
    private origin: FactOrigin,
    /** Where this fact's derivation slots start in its origin's arena. */
    private slotsAt = 0,
    /** Distinguishes derivations of number-object facts, which are never merged. */
    readonly derivationKey?: string,
  ) {}

  get relationship(): string {
    return this.origin.relationship;
  }

  get objectType(): DataType {
    return this.origin.objectType;
  }

  get source(): FactSource {
    return this.origin.source;
  }

  get time(): number {
    return this.origin.time;
  }

  /** How a rule produced this fact; undefined for facts that were given, not inferred. */
  get derivation(): Derivation | undefined {
    const derivedBy = this.origin.derivedBy;
    if (!derivedBy) return undefined;
    const { rule, arena } = derivedBy;
    return new Derivation(rule, arena.slice(this.slotsAt, this.slotsAt + rule.variables.length + rule.rule.conditions.length));
  }

  /** MAX across derivations: a more certain derivation of the same fact replaces this one's; true if it did. */
  raiseTo(other: Fact): boolean {
    if (other.certainty <= this.certainty) return false;
    this.certainty = other.certainty;
    this.origin = other.origin;
    this.slotsAt = other.slotsAt;
    return true;
  }

  /** `WA:<code>:<64 hex>`, computed on first use (most inferred facts are never shown). */
  get id(): string {
    this.cachedId ??= factIdFor(this.idCode, this.subject, this.relationship, this.object, this.derivationKey);
    return this.cachedId;
  }

  /** The platform's code of this fact's source, as its ID shows it. */
  get idCode(): string {
    return sourceCode(this.source);
  }

  /**
   * Computes the IDs of all these facts that have none yet, together (many IDs hash faster at once
   * than one by one): for a result, whose every fact's ID is sent.
   */
  static identify(facts: readonly Fact[]): void {
    // Usually none has one yet: the facts themselves are named, without a filtered copy.
    const unnamed = facts.every((fact) => fact.cachedId === undefined) ? facts : facts.filter((fact) => fact.cachedId === undefined);
    if (unnamed.length === 0) return;
    const ids = factIdsFor(unnamed);
    for (let index = 0; index < unnamed.length; index++) unnamed[index].cachedId = ids[index];
  }

  get joined(): JoinedFact {
    return (this.joinedFact ??= {
      subject: { value: this.subject, type: 'string' },
      object: { value: this.object, type: this.objectType },
      met: { kind: 'relationship', met: true, fact: this },
    });
  }
}

export function tripleKey(subject: string, relationship: string, object: Value): string {
  return relationship + '\u0000' + subject + '\u0000' + valueKey(object);
}

/** The facts of one relationship, indexed by subject and by object. */
class RelationshipFacts {
  readonly all: Fact[] = [];
  readonly bySubject = new Map<string, Fact[]>();
  /**
   * Built on the first lookup by object (most relationships are only ever read by subject), then kept
   * up to date. Raw values as keys: Map's SameValueZero keeps `1`, `'1'` and `true` apart.
   */
  byObject: Map<Value, Fact[]> | undefined;

  objectIndex(): Map<Value, Fact[]> {
    if (!this.byObject) {
      this.byObject = new Map();
      for (const fact of this.all) push(this.byObject, fact.object, fact);
    }
    return this.byObject;
  }
}

const EMPTY: readonly Fact[] = [];

/** The lists of one relationship and, in them, of one subject. */
interface Lists {
  readonly relationship: string;
  readonly subject: string;
  readonly facts: RelationshipFacts;
  readonly ofSubject: Fact[];
}

/** Facts indexed by relationship, by (relationship, subject), by (relationship, object) and by triple. */
export class FactIndex {
  private readonly relationships = new Map<string, RelationshipFacts>();
  /** The merged fact of each triple (number-object derivations are not merged, so not here). */
  readonly merged = new TripleMap<Fact>();
  private count = 0;
  /** Where the last fact was listed: consecutive facts of a join share relationship and subject. */
  private lastLists: Lists | undefined;

  get size(): number {
    return this.count;
  }

  add(fact: Fact): void {
    if (!fact.derivationKey) this.merged.set(fact.relationship, fact.subject, fact.object, fact);
    this.list(fact);
  }

  /**
   * Adds a fact to be merged by triple, unless the index has a fact of that triple already: that one
   * is returned instead (one lookup where `get` then `add` would take two).
   */
  addUnlessMerged(fact: Fact): Fact | undefined {
    const existing = this.merged.setIfAbsent(fact.relationship, fact.subject, fact.object, fact);
    if (existing === undefined) this.list(fact);
    return existing;
  }

  /** Adds the fact to the relationship's lists. */
  private list(fact: Fact): void {
    const { facts, ofSubject } = this.listsOf(fact.relationship, fact.subject);
    facts.all.push(fact);
    ofSubject.push(fact);
    if (facts.byObject) push(facts.byObject, fact.object, fact);
    this.count++;
  }

  /** The lists a fact of (relationship, subject) goes in, made if missing. */
  private listsOf(relationship: string, subject: string): Lists {
    const last = this.lastLists;
    // The common case of a join: the same relationship and subject as the fact before.
    if (last && last.relationship === relationship && last.subject === subject) return last;
    let facts = this.relationships.get(relationship);
    if (!facts) this.relationships.set(relationship, (facts = new RelationshipFacts()));
    let ofSubject = facts.bySubject.get(subject);
    if (!ofSubject) facts.bySubject.set(subject, (ofSubject = []));
    return (this.lastLists = { relationship, subject, facts, ofSubject });
  }

  remove(fact: Fact): void {
    // A subject's list is dropped when its last fact goes: forget the one `listsOf` remembers.
    this.lastLists = undefined;
    const facts = this.relationships.get(fact.relationship);
    if (!facts || !removeFrom(facts.all, fact)) return;
    removeKeyed(facts.bySubject, fact.subject, fact);
    if (facts.byObject) removeKeyed(facts.byObject, fact.object, fact);
    if (this.merged.get(fact.relationship, fact.subject, fact.object) === fact)
      this.merged.delete(fact.relationship, fact.subject, fact.object);
    this.count--;
  }

  /** The merged fact of a triple (not number-object derivations). */
  get(subject: string, relationship: string, object: Value): Fact | undefined {
    return this.merged.get(relationship, subject, object);
  }

  /** Facts of a relationship, narrowed by subject and/or object when given. */
  match(relationship: string, subject: string | undefined, object: Value | undefined): readonly Fact[] {
    const facts = this.relationships.get(relationship);
    if (!facts) return EMPTY;
    if (subject !== undefined) {
      const bySubject = facts.bySubject.get(subject) ?? EMPTY;
      if (object === undefined) return bySubject;
      return bySubject.filter((fact) => sameValue(fact.object, object));
    }
    if (object !== undefined) return facts.objectIndex().get(object) ?? EMPTY;
    return facts.all;
  }

  *all(): IterableIterator<Fact> {
    for (const facts of this.relationships.values()) yield* facts.all;
  }
}

function push<K>(map: Map<K, Fact[]>, key: K, fact: Fact): void {
  const list = map.get(key);
  if (list) list.push(fact);
  else map.set(key, [fact]);
}

function removeFrom(list: Fact[], fact: Fact): boolean {
  const at = list.indexOf(fact);
  if (at < 0) return false;
  list.splice(at, 1);
  return true;
}

function removeKeyed<K>(map: Map<K, Fact[]>, key: K, fact: Fact): void {
  const list = map.get(key);
  if (list && removeFrom(list, fact) && list.length === 0) map.delete(key);
}

/** The bindings of a derivation by variable name, in the rule's variable order. */
export function bindingsOf(derivation: Derivation): Map<string, BoundValue> {
  const bindings = new Map<string, BoundValue>();
  derivation.variables.forEach((name, slot) => {
    const bound = derivation.values[slot];
    if (bound !== undefined) bindings.set(name, bound);
  });
  return bindings;
}
