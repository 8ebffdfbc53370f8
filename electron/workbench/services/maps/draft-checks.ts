/**
 * Checking map texts with the engine's loader: diagnostics (without the loader's `info` notes)
 * and the draft state the Maps view shows. Stored sources never change, so a check is cached by
 * source id: listing maps loads each draft once, not on every poll.
 *
 * A large text about to be checked (an import, a saved draft, a file changed in a followed folder)
 * can be `prepare`d first: it is loaded off the main thread by the server's map loader (its worker
 * thread, for maps of 128 KiB or more), and the check that follows takes that result.
 */
import type { MapDiagnostic } from '../../../common/decision-api';
import type { DraftState } from '../../../common/ipc';
import type { LoadResult } from '../../../engine';
import { WORKER_THRESHOLD_CHARS, type ThreadedMapLoader } from '../../../server';
import type { MapLoader } from '../map-service';

export interface TextCheck {
  readonly diagnostics: MapDiagnostic[];
  readonly draft: DraftState;
}

const FIRST_ERRORS = 5;

function draftStateOf(diagnostics: readonly MapDiagnostic[]): DraftState {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  const warnings = diagnostics.filter((diagnostic) => diagnostic.severity === 'warning').length;
  return {
    state: errors.length > 0 ? 'errors' : warnings > 0 ? 'warnings' : 'ok',
    errors: errors.length,
    warnings,
    firstErrors: errors.slice(0, FIRST_ERRORS),
  };
}

/** `line 3, column 5: message; line 9, …` for refusal messages. */
export function describeErrors(draft: DraftState): string {
  const listed = draft.firstErrors.map((error) => `line ${error.line}, column ${error.column}: ${error.message}`).join('; ');
  const more = draft.errors > draft.firstErrors.length ? ` (and ${draft.errors - draft.firstErrors.length} more)` : '';
  return `${listed}${more}`;
}

/** Prepared checks waiting to be taken: a few (each is taken by the check right after it). */
const PREPARED_CAPACITY = 8;

function preparedKey(text: string, fileName: string | undefined): string {
  return `${fileName ?? ''}\u0000${text}`;
}

export class DraftChecks {
  private readonly cache = new Map<number, TextCheck>();
  private readonly prepared = new Map<string, LoadResult>();

  constructor(
    private readonly loadMap: MapLoader,
    private readonly capacity = 256,
    /** Loads off the main thread when the text is large (the server's loader); without it, all loads are in this thread. */
    private readonly offThread?: ThreadedMapLoader,
    /** Smaller texts are not prepared: they load in a few milliseconds, in this thread, when checked. */
    private readonly prepareFrom = WORKER_THRESHOLD_CHARS,
  ) {}

  /** Whether a stored source's check is known (a listing will not load it). */
  checked(sourceId: number): boolean {
    return this.cache.has(sourceId);
  }

  /**
   * Loads a text off the main thread ahead of its check (large texts only: the loader decides), so
   * the check does not block. A failed load is left to the check, which loads in this thread.
   */
  async prepare(text: string, fileName?: string): Promise<void> {
    if (!this.offThread || text.length < this.prepareFrom) return;
    try {
      const loaded = await this.offThread.load(text, { check: true, ...(fileName === undefined ? {} : { fileName }) });
      if (this.prepared.size >= PREPARED_CAPACITY) this.prepared.delete(this.prepared.keys().next().value as string);
      this.prepared.set(preparedKey(text, fileName), loaded);
    } catch {
      // The worker failed or was closed: the check loads the text itself.
    }
  }

  /** Checks a text that is not stored (an import preview, a file). */
  checkText(text: string, fileName?: string): TextCheck {
    const key = preparedKey(text, fileName);
    const prepared = this.prepared.get(key);
    this.prepared.delete(key);
    const loaded = prepared ?? this.loadMap(text, fileName === undefined ? {} : { fileName });
    const diagnostics = loaded.diagnostics.flatMap(({ severity, message, line, column, code }) =>
      severity === 'info' ? [] : [{ severity, message, line, column, code }],
    );
    // A text the loader could not make a map of always counts as an error, even without a diagnostic
    // (a prepared check carries no map: `ok` says whether one was made).
    if (!(loaded.map ?? prepared?.ok) && !diagnostics.some((diagnostic) => diagnostic.severity === 'error')) {
      diagnostics.unshift({ severity: 'error', message: 'The map could not be loaded.', line: 1, column: 1, code: 'map/unloadable' });
    }
    return { diagnostics, draft: draftStateOf(diagnostics) };
  }

  /** Checks a stored source (cached: sources are immutable). */
  checkSource(sourceId: number, text: string): TextCheck {
    return this.cache.get(sourceId) ?? this.remember(sourceId, this.checkText(text));
  }

  /** Keeps the check of a text just stored as `sourceId` (an import checked it already). */
  remember(sourceId: number, check: TextCheck): TextCheck {
    if (this.cache.size >= this.capacity) this.cache.delete(this.cache.keys().next().value as number);
    this.cache.set(sourceId, check);
    return check;
  }
}
