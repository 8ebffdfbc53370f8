/**
 * The RBLang loader: XML text in, a name-resolved {@link KnowledgeMap} and diagnostics out.
 *
 * Pure TypeScript with no I/O: callers read the file. Loading never throws; every problem becomes a
 * diagnostic with a line and column. Stages:
 *   1. `source-text`: lenient copy of the text (bare `&` escaped) with offset mapping;
 *   2. `xml-reader`: element tree (`fast-xml` for plain well-formed text; saxes, with well-formedness errors and recovery, for the rest);
 *   3. `schema`: unknown, misplaced or repeated elements and attributes, stray text;
 *   4. `read-document` + `elements/*`: attribute values per element, into drafts;
 *   (on the fast reader, 3 and 4 run on each child of the root as soon as it is read, so the tree is never whole);
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
import type { MapDraft } from './drafts';
import { readXmlFast } from './fast-xml';
import { DocumentReader, readDocument } from './read-document';
import { resolve } from './resolve';
import { checkRoot, checkStructure, checkTopLevel } from './schema';
import { SourceText } from './source-text';
import { readXmlFully } from './xml-reader';

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
  const expressions = new ExpressionReadings(options.reuse?.expressions);
  if (options.reuse !== undefined) options.reuse.expressions = expressions;
  const limits = { ...DEFAULT_LOAD_LIMITS, ...options.limits };
  const { context, draft } = readFast(text, expressions, limits) ?? readFully(text, expressions, limits);
  if (draft === undefined) return { diagnostics: context.sink.list(), ok: false };
  const resolution = resolve(context, draft);
  lint(resolution);
  const diagnostics = context.sink.list();
  return { map: resolution.map, diagnostics, ok: !diagnostics.some((d) => d.severity === 'error') };
}

/** A document checked and drafted (no draft: it has no root, or crossed a load limit), with the context that holds what was reported. */
interface ReadDocument {
  readonly context: LoadContext;
  readonly draft: MapDraft | undefined;
}

/**
 * Plain well-formed text: each child of the root is checked and drafted as soon as the fast reader has
 * read it, and is not kept in the tree. Drafts keep no elements, so at most one top-level element's
 * subtree and what the drafts took from the others are alive at a time (the tree was a third of what
 * a load allocated, all alive to its end). Undefined when the fast reader gives up, maybe part-way:
 * what was reported and drafted until then goes with this context.
 */
function readFast(text: SourceText, expressions: ExpressionReadings, limits: LoadLimits): ReadDocument | undefined {
  const context: LoadContext = { source: text, sink: new DiagnosticSink(text), expressions };
  const reader = new DocumentReader(context);
  const document = readXmlFast(text, limits, (element, root) => {
    checkTopLevel(context, element, root);
    reader.read(element);
  });
  if (document?.root === undefined) return undefined;
  checkRoot(context, document.root);
  return { context, draft: reader.draft };
}

/** Any other text: the saxes-based reader builds the tree and reports what is wrong. */
function readFully(text: SourceText, expressions: ExpressionReadings, limits: LoadLimits): ReadDocument {
  const context: LoadContext = { source: text, sink: new DiagnosticSink(text), expressions };
  const document = readXmlFully(text, context.sink, limits);
  if (document.root === undefined) return { context, draft: undefined };
  checkStructure(context, document.root);
  return { context, draft: readDocument(context, document.root) };
}
