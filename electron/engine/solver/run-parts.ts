/**
 * Small pieces of a reasoning run: which question form fits a goal, and the run's own facts with the
 * base facts they out-rank.
 */
import type { Fact, FactIndex } from '../facts/fact';
import type { Relationship, Value } from '../model/types';
import type { QuestionForm } from './signals';

/** Which question form fits a goal and the relationship's `askable`. */
export function questionForm(definition: Relationship, subject: string | undefined, object: Value | undefined): QuestionForm | undefined {
  const askable = definition.askable;
  if (subject !== undefined && object !== undefined) {
    if (askable === 'all') return 'First Form';
    // Only one second form allowed: ask it and match the answer against the goal.
    if (askable === 'secondFormObject') return 'Second Form Object';
    if (askable === 'secondFormSubject') return 'Second Form Subject';
    return undefined;
  }
  if (subject !== undefined) return askable === 'all' || askable === 'secondFormObject' ? 'Second Form Object' : undefined;
  if (object !== undefined) return askable === 'all' || askable === 'secondFormSubject' ? 'Second Form Subject' : undefined;
  return undefined;
}

/** This run's inferred facts, plus the base facts they out-rank (same triple, higher certainty). */
export class FactIndexWithShadows {
  private readonly shadowed = new Set<Fact>();

  constructor(readonly index: FactIndex) {}

  shadow(fact: Fact): void {
    this.shadowed.add(fact);
  }

  shadows(fact: Fact): boolean {
    return this.shadowed.size > 0 && this.shadowed.has(fact);
  }

  shadowsAny(): boolean {
    return this.shadowed.size > 0;
  }
}
