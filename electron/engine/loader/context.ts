/**
 * What every part of the loader needs: the source (for positions) and the diagnostic sink.
 */
import type { DiagnosticSink } from './diagnostics';
import type { ExpressionReadings } from './elements/expression';
import type { SourceText } from './source-text';

export interface LoadContext {
  readonly source: SourceText;
  readonly sink: DiagnosticSink;
  /** Expression texts read so far (and by the load before, when the caller passes a `LoadReuse`). */
  readonly expressions: ExpressionReadings;
}
