/**
 * The frames of the solver's machine: a goal being solved (its phase, fixpoint round and next rule),
 * and what every frame does when the machine runs it.
 */
import type { Relationship, Value } from '../model/types';
import type { Solver } from './solver';

/** Where a goal frame stands: its datasource calls, its rules (in fixpoint rounds), its question, done. */
export const DATASOURCES = 0;
export const INFER = 1;
export const ASK = 2;
export const FINISH = 3;

/** A goal being solved: a frame of the machine, run again after each frame it pushed has finished. */
export class GoalFrame {
  /** A goal deeper in the stack reached this one again: iterate its rules to a fixpoint. */
  recursive = false;
  /** This goal used the partial answers of an open goal below it, so it must not be tabled. */
  incomplete = false;
  phase = DATASOURCES;
  round = 0;
  /** The next rule to apply in this round, and whether the one before it has run (settled is checked after each). */
  ruleIndex = 0;
  ruleApplied = false;
  roundStarted = false;
  /** The run's inferred facts at the start of this round. */
  sizeAtRound = 0;
  /** The run's conclusions and cycle marks when this goal began its rules (a suspension checks them). */
  changesAtInfer = 0;
  cyclesAtInfer = 0;

  constructor(
    readonly solver: Solver,
    readonly key: string,
    readonly definition: Relationship,
    readonly subject: string | undefined,
    readonly object: Value | undefined,
    readonly mayAsk: boolean,
  ) {}

  run(): boolean {
    return this.solver.runGoal(this);
  }
}

/** A frame of the machine: runs until it is done (true) or has pushed a frame it waits for (false). */
export interface Frame {
  run(): boolean;
}
