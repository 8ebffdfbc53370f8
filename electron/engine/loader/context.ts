/**
 * What every part of the loader needs: the source (for positions) and the diagnostic sink.
 */
import type { DiagnosticSink } from './diagnostics';
import type { SourceText } from './source-text';

export interface LoadContext {
  readonly source: SourceText;
  readonly sink: DiagnosticSink;
}
