/**
 * The RBLang loader: XML text in, a name-resolved {@link KnowledgeMap} and diagnostics out.
 *
 * Pure TypeScript with no I/O: callers read the file. Loading never throws; every problem becomes a
 * diagnostic with a line and column. Stages:
 *   1. `source-text`: lenient copy of the text (bare `&` escaped) with offset mapping;
 *   2. `xml-reader`: element tree (`fast-xml` for plain well-formed text; saxes, with well-formedness errors and recovery, for the rest);
 *   3. `schema`: unknown, misplaced or repeated elements and attributes, stray text;
 *   4. `read-document` + `elements/*`: attribute values per element, into drafts;
 *   5. `resolve/*`: names resolved after the whole document is read, model assembled;
 *   6. `lint`: advice on the resolved map.
 */
import type { LoadResult } from '../model/types';
import type { LoadContext } from './context';
import { DiagnosticSink } from './diagnostics';
import { ExpressionReadings } from './elements/expression';
import { DEFAULT_LOAD_LIMITS } from './limits';
import type { LoadLimits } from './limits';
import { lint } from './lint';
import { readDocument } from './read-document';
import { resolve } from './resolve';
import { checkStructure } from './schema';
import { SourceText } from './source-text';
import { readXml } from './xml-reader';

export { DEFAULT_LOAD_LIMITS } from './limits';

/**
 * What a load leaves for the next load of a similar text: an editor that reloads a map after every
 * edit keeps one and passes it to each load (`loadMap(text, { reuse })`). What is reused depends only
 * on the text it came from, so the result is the one a fresh load gives; it holds one map's worth.
 */
export class LoadReuse {
  /** The expression readings of the latest load made with this object. */
  expressions: ExpressionReadings | undefined = undefined;
}

interface LoadOptions {
  /** Name of the file the text came from. Accepted for callers' convenience; diagnostics carry only positions, so callers prefix the name. */
  readonly fileName?: string;
  /** Bounds on the XML's shape (see `limits.ts`); crossing one gives a `limit/*` error and no map. */
  readonly limits?: Partial<LoadLimits>;
  /** Kept by the caller across loads of successive versions of a text (see {@link LoadReuse}). */
  readonly reuse?: LoadReuse | undefined;
}

/**
 * Load a knowledge map from RBLang XML text.
 *
 * `map` is absent only when the document has no root element or crossed a load limit; `ok` is true
 * when no diagnostic is an error. Diagnostics are in file order.
 */
export function loadMap(source: string, options: LoadOptions = {}): LoadResult {
  const text = new SourceText(source);
  const sink = new DiagnosticSink(text);
  const expressions = new ExpressionReadings(options.reuse?.expressions);
  if (options.reuse !== undefined) options.reuse.expressions = expressions;
  const context: LoadContext = { source: text, sink, expressions };
  const document = readXml(text, sink, { ...DEFAULT_LOAD_LIMITS, ...options.limits });
  if (document.root === undefined) {
    return { diagnostics: sink.list(), ok: false };
  }
  checkStructure(context, document.root);
  const draft = readDocument(context, document.root);
  const resolution = resolve(context, draft);
  lint(resolution);
  const diagnostics = sink.list();
  return { map: resolution.map, diagnostics, ok: !diagnostics.some((d) => d.severity === 'error') };
}
