/** What an importer hands back: the cases it made and everything it could not carry over. */
import type { TestCase } from '../core';

export interface ImportNote {
  /** The case the note is about (absent for notes on the whole file). */
  readonly caseName?: string;
  /** JSON path in the imported file. */
  readonly path: string;
  readonly message: string;
}

export interface ImportReport {
  /** The source format, for messages: `studio`, `rbtest`, `lapwing`, `interactions`. */
  readonly format: string;
  readonly cases: readonly TestCase[];
  readonly notCarried: readonly ImportNote[];
}
