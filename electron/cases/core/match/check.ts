/** One checked expectation: what area it belongs to, whether it held, and a sentence saying so. */

export type CheckArea = 'replay' | 'results' | 'questions' | 'evidence';

export interface Check {
  readonly area: CheckArea;
  readonly passed: boolean;
  readonly message: string;
  /** The question number (1-based, among asked questions) or step where a question check went wrong. */
  readonly at?: number;
}

export function pass(area: CheckArea, message: string): Check {
  return { area, passed: true, message };
}

export function failure(area: CheckArea, message: string, at?: number): Check {
  return at === undefined ? { area, passed: false, message } : { area, passed: false, message, at };
}
