/**
 * Checking map texts with the engine's loader: diagnostics (without the loader's `info` notes)
 * and the draft state the Maps view shows. Stored sources never change, so a check is cached by
 * source id: listing maps loads each draft once, not on every poll.
 */
import type { MapDiagnostic } from '../../../common/decision-api';
import type { DraftState } from '../../../common/ipc';
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

export class DraftChecks {
  private readonly cache = new Map<number, TextCheck>();

  constructor(
    private readonly loadMap: MapLoader,
    private readonly capacity = 256,
  ) {}

  /** Checks a text that is not stored (an import preview, a file). */
  checkText(text: string, fileName?: string): TextCheck {
    const loaded = this.loadMap(text, fileName === undefined ? {} : { fileName });
    const diagnostics = loaded.diagnostics.flatMap(({ severity, message, line, column, code }) =>
      severity === 'info' ? [] : [{ severity, message, line, column, code }],
    );
    // A text the loader could not make a map of always counts as an error, even without a diagnostic.
    if (!loaded.map && !diagnostics.some((diagnostic) => diagnostic.severity === 'error')) {
      diagnostics.unshift({ severity: 'error', message: 'The map could not be loaded.', line: 1, column: 1, code: 'map/unloadable' });
    }
    return { diagnostics, draft: draftStateOf(diagnostics) };
  }

  /** Checks a stored source (cached: sources are immutable). */
  checkSource(sourceId: number, text: string): TextCheck {
    const known = this.cache.get(sourceId);
    if (known) return known;
    const check = this.checkText(text);
    if (this.cache.size >= this.capacity) this.cache.delete(this.cache.keys().next().value as number);
    this.cache.set(sourceId, check);
    return check;
  }
}
