/**
 * What a replay saw on one target: every step, the questions asked, the results with their
 * evidence, and where it stopped. Plain JSON (stored in SQLite, written by the JSON reporter).
 */
import type { AnswerInput, EvidenceRecord, FactInput, QueryInput } from '../../../common/decision-api';
import type { ObservedQuestion } from './keys';
import type { CaseValue } from './schema';

/** A concrete target: a map version on a Decision API. `label` is what reports show. */
export interface TargetRef {
  readonly label: string;
  /** Base URL of the Decision API (`local` targets: the embedded server's). */
  readonly baseUrl: string;
  readonly mapId: string;
  readonly version: { readonly policy: 'live' } | { readonly policy: 'draft' } | { readonly policy: 'version'; readonly number: number };
}

export interface ObservedResult {
  readonly subject: string;
  readonly relationship: string;
  readonly object: CaseValue | null;
  readonly certainty: number;
  readonly factID: string;
}

/** One call of the consultation, in order (1-based `step` numbers elsewhere index this list). */
export type ReplayStep =
  | { readonly kind: 'start'; readonly sessionId: string; readonly kmVersionId: string }
  | { readonly kind: 'inject'; readonly facts: readonly FactInput[]; readonly batches: number }
  | { readonly kind: 'query'; readonly query: QueryInput }
  | { readonly kind: 'questions'; readonly questions: readonly ObservedQuestion[] }
  | { readonly kind: 'answers'; readonly answers: readonly AnswerInput[] }
  | { readonly kind: 'results'; readonly count: number };

/** Why a replay stopped early at `step` (an unanswered question, a refused call, cancellation). */
export interface StopReason {
  readonly step: number;
  readonly message: string;
  /** The question nothing in the case answers (divergence only). */
  readonly question?: ObservedQuestion;
}

export type ReplayOutcome = 'completed' | 'diverged' | 'error' | 'cancelled';

export interface Observation {
  readonly target: TargetRef;
  readonly outcome: ReplayOutcome;
  readonly sessionId?: string;
  readonly kmVersionId?: string;
  readonly steps: readonly ReplayStep[];
  /** Every question asked, in order (members of a group in the order sent). */
  readonly questions: readonly ObservedQuestion[];
  /** Empty unless the consultation reached a result. */
  readonly results: readonly ObservedResult[];
  /** Evidence records by factID, for the results and everything below them (never `WA:XX`). */
  readonly evidence: Readonly<Record<string, EvidenceRecord>>;
  /** Evidence that could not be fetched (locked, missing), one message each. */
  readonly evidenceProblems: readonly string[];
  readonly stop?: StopReason;
  readonly timing: { readonly totalMs: number; readonly httpMs: number };
}
