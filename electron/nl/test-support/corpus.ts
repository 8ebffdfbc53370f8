/**
 * The natural-language corpus: prompts over Lapwing's own maps and the bundled ones, each with the
 * query, facts, answers or error it must read as. Loaded from `electron/nl/corpus/*.json`; graded by
 * the corpus test (any regression fails) and by `bench/nl.ts` (accuracy and timings).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnswerInput, FactInput, InputValue, Question } from '../../common/decision-api';
import { loadMap } from '../../engine';
import type { KnowledgeMap } from '../../engine';
import { questionFromSummary } from '../interact/questions';
import { interpret } from '../understand/interpret';
import type { Interpretation, NLQuery } from '../understand/types';
import { buildVocabulary } from '../vocabulary/build';
import type { Vocabulary } from '../vocabulary/types';

const HERE = dirname(fileURLToPath(import.meta.url));
const CORPUS_DIR = join(HERE, '..', 'corpus');
const OWN_MAPS = join(HERE, 'maps');
const BUNDLED_MAPS = join(HERE, '..', '..', '..', 'resources', 'maps');

export interface PendingSummary {
  readonly relationship: string;
  readonly subject?: string;
  readonly object?: InputValue;
  /** Overrides of the question record (e.g. `knownAnswers` to allow a skip). */
  readonly allowUnknown?: boolean;
}

export interface Expectation {
  readonly query?: NLQuery;
  readonly facts?: readonly FactInput[];
  readonly invalid?: readonly {
    readonly relationship: string;
    readonly subject?: string;
    readonly object?: InputValue | null;
    readonly certainty?: number;
  }[];
  readonly unmatched?: readonly string[];
  readonly answers?: readonly AnswerInput[];
  readonly error?: number;
  /** A "why" question: the fact to explain. */
  readonly why?: NLQuery;
}

export interface CorpusCase {
  /** The phrasing family of issue 17 the case belongs to (family corpora only). */
  readonly family?: string;
  readonly prompt: string;
  readonly pending?: readonly PendingSummary[];
  readonly expect: Expectation;
  /** A known gap: the case is expected to fail, and says why. The test fails if it starts passing. */
  readonly gap?: string;
}

export interface CorpusFile {
  readonly file: string;
  /** A map of `test-support/maps/` (`travel`) or a bundled one (`bundled:hello-world`). */
  readonly map: string;
  /** The clock for relative dates, ISO. */
  readonly now: string;
  readonly cases: readonly CorpusCase[];
}

export interface LoadedCorpus {
  readonly file: CorpusFile;
  readonly map: KnowledgeMap;
  readonly vocabulary: Vocabulary;
  readonly now: number;
}

function mapPath(name: string): string {
  if (name.startsWith('generated:')) return join(HERE, '..', 'heldout', 'maps', `${name.slice('generated:'.length)}.rbl`);
  return name.startsWith('bundled:') ? join(BUNDLED_MAPS, `${name.slice('bundled:'.length)}.rbl`) : join(OWN_MAPS, `${name}.rbl`);
}

/** Loads a corpus map by its corpus name. */
export function corpusMap(name: string): KnowledgeMap {
  const loaded = loadMap(readFileSync(mapPath(name), 'utf8'));
  if (!loaded.map || !loaded.ok)
    throw new Error(`corpus map ${name} does not load: ${loaded.diagnostics.map((d) => d.message).join('; ')}`);
  return loaded.map;
}

/** Every corpus file, with its map loaded. */
export function loadCorpus(): LoadedCorpus[] {
  return readdirSync(CORPUS_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const file = { ...(JSON.parse(readFileSync(join(CORPUS_DIR, name), 'utf8')) as Omit<CorpusFile, 'file'>), file: name };
      const map = corpusMap(file.map);
      return { file, map, vocabulary: buildVocabulary(map), now: Date.parse(file.now) };
    });
}

/** The pending questions of a case as question records. */
export function pendingOf(map: KnowledgeMap, testCase: CorpusCase): Question[] {
  return (testCase.pending ?? []).map((summary) => {
    const question = questionFromSummary(map, summary);
    if (!question) throw new Error(`pending question on unknown relationship '${summary.relationship}' in "${testCase.prompt}"`);
    return summary.allowUnknown === undefined ? question : { ...question, allowUnknown: summary.allowUnknown };
  });
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

function sameSet(a: readonly unknown[], b: readonly unknown[]): boolean {
  const left = a.map(canonical).sort();
  const right = b.map(canonical).sort();
  return left.length === right.length && left.every((item, index) => item === right[index]);
}

/** Why an interpretation does not meet the expectation, or undefined when it does. */
export function mismatch(got: Interpretation, expect: Expectation): string | undefined {
  const facts = got.facts;
  if (expect.error !== undefined) {
    if (got.kind !== 'error') return `expected error ${expect.error}, got ${got.kind}`;
    if (got.error.code !== expect.error) return `expected error ${expect.error}, got error ${got.error.code} (${got.error.message})`;
  } else if (got.kind === 'error') return `unexpected error ${got.error.code}: ${got.error.message}`;
  if (expect.query) {
    if (got.kind !== 'query') return `expected a query, got ${got.kind}`;
    if (canonical(got.query) !== canonical(expect.query)) return `query ${canonical(got.query)} instead of ${canonical(expect.query)}`;
  }
  if (expect.why) {
    if (got.kind !== 'why') return `expected a why-question, got ${got.kind}`;
    if (canonical(got.query) !== canonical(expect.why)) return `why ${canonical(got.query)} instead of ${canonical(expect.why)}`;
  }
  if (expect.answers) {
    if (got.kind !== 'answers') return `expected answers, got ${got.kind}`;
    if (!sameSet(got.answers, expect.answers)) return `answers ${canonical(got.answers)} instead of ${canonical(expect.answers)}`;
  }
  if (!expect.query && !expect.why && !expect.answers && expect.error === undefined && got.kind !== 'statements')
    return `expected statements, got ${got.kind}`;
  if (!sameSet(facts.valid, expect.facts ?? [])) return `facts ${canonical(facts.valid)} instead of ${canonical(expect.facts ?? [])}`;
  const invalid = expect.invalid ?? [];
  if (facts.invalid.length !== invalid.length)
    return `${facts.invalid.length} invalid facts (${canonical(facts.invalid)}) instead of ${invalid.length}`;
  for (const wanted of invalid) {
    const found = facts.invalid.some((fact) =>
      Object.entries(wanted).every(([key, value]) => canonical(fact[key as keyof typeof fact]) === canonical(value)),
    );
    if (!found) return `no invalid fact like ${canonical(wanted)} in ${canonical(facts.invalid)}`;
  }
  if (!sameSet(facts.unmatched, expect.unmatched ?? []))
    return `unmatched ${canonical(facts.unmatched)} instead of ${canonical(expect.unmatched ?? [])}`;
  return undefined;
}

export interface CaseResult {
  readonly file: string;
  readonly testCase: CorpusCase;
  readonly got: Interpretation;
  readonly problem?: string;
  readonly ms: number;
}

/** Reads every case of a corpus file and grades it. */
export function gradeFile(corpus: LoadedCorpus): CaseResult[] {
  return corpus.file.cases.map((testCase) => {
    const pending = pendingOf(corpus.map, testCase);
    const started = performance.now();
    const got = interpret(testCase.prompt, corpus.vocabulary, { now: corpus.now, pending, referents: { lastSubject: new Map() } });
    const ms = performance.now() - started;
    const problem = mismatch(got, testCase.expect);
    return { file: corpus.file.file, testCase, got, ms, ...(problem ? { problem } : {}) };
  });
}
