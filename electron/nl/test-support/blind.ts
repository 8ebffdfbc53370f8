/**
 * The blind evaluations (electron/nl/blind/<set>/README.md): prompts written by someone who had not
 * read the reader, over maps the project uses nowhere else, run through `NaturalLanguageService.interact`
 * on a fresh session each and graded on the wire reply (query, injected facts, why-explanation), so the
 * grade does not depend on the reader's internal types. Fourteen sets by fourteen authors: `first` (60
 * prompts), `second` to `fourteenth` (72 each, each written by an evaluator who had seen no earlier set).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { NLInteractResponse } from '../../common/decision-api';
import { createSession, loadMap, type KnowledgeMap } from '../../engine';
import { NaturalLanguageService } from '../index';

const BLIND_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', 'blind');

/** The blind sets, oldest first, with how many prompts each map has (the authors' counts). */
export const BLIND_SETS = {
  first: { gym: 20, nursery: 20, trip: 20 },
  second: { bikeshop: 24, conference: 24, bakery: 24 },
  third: { allotment: 24, kennels: 24, 'music-school': 24 },
  fourth: { 'climbing-wall': 24, beekeepers: 24, 'pottery-studio': 24 },
  fifth: { 'cider-press': 24, tailoring: 24, observatory: 24 },
  sixth: { locksmith: 24, brewery: 24, florist: 24 },
  seventh: { 'tattoo-studio': 24, 'dive-centre': 24, 'escape-rooms': 24 },
  eighth: { 'bell-tower': 24, 'puppet-theatre': 24, 'falconry-centre': 24 },
  ninth: { roastery: 24, grooming: 24, kayaks: 24 },
  tenth: { 'recording-studio': 24, 'model-railway': 24, 'sign-language-school': 24 },
  eleventh: { bindery: 24, 'clock-repair': 24, 'mushroom-farm': 24 },
  twelfth: { 'archery-club': 24, vineyard: 24, 'chimney-sweep': 24 },
  thirteenth: { 'cheese-cave': 24, thatcher: 24, 'curling-club': 24 },
  fourteenth: { 'canal-marina': 24, 'seed-library': 24, 'darts-league': 24 },
} as const;
export type BlindSet = keyof typeof BLIND_SETS;

/** A blind set's folder, `electron/nl/blind/<set>`. */
export function blindDir(set: BlindSet): string {
  return join(BLIND_ROOT, set);
}
const WHY_NOT_KNOWN = 107;

const TripleSchema = z.object({ relationship: z.string(), subject: z.string().nullable(), object: z.string().nullable() });
const CaseSchema = z.object({
  map: z.string(),
  family: z.string(),
  prompt: z.string(),
  expect: z.object({
    kind: z.enum(['question', 'statement', 'statement+question', 'why']),
    query: TripleSchema.optional(),
    facts: z.array(TripleSchema).optional(),
  }),
});
const PromptsSchema = z.object({ about: z.string(), cases: z.array(CaseSchema) });
export type BlindCase = z.infer<typeof CaseSchema>;
type Triple = z.infer<typeof TripleSchema>;

export interface BlindResult {
  readonly testCase: BlindCase;
  readonly understood: boolean;
  /** A miss answered with a sentence and quick replies saying what was understood. */
  readonly helpful: boolean;
  readonly problem?: string | undefined;
  readonly got: NLInteractResponse;
}

/** Loads a blind map by name (`electron/nl/blind/<set>/maps/<name>.rbl`). */
export function blindMap(set: BlindSet, name: string): KnowledgeMap {
  const loaded = loadMap(readFileSync(join(blindDir(set), 'maps', `${name}.rbl`), 'utf8'));
  if (!loaded.map || !loaded.ok)
    throw new Error(`blind map ${set}/${name} does not load: ${loaded.diagnostics.map((d) => d.message).join('; ')}`);
  return loaded.map;
}

/** A set's prompts, validated (a malformed file names the path that is wrong). */
export function loadBlindCases(set: BlindSet): BlindCase[] {
  const parsed = PromptsSchema.safeParse(JSON.parse(readFileSync(join(blindDir(set), 'prompts.json'), 'utf8')));
  if (!parsed.success)
    throw new Error(
      `electron/nl/blind/${set}/prompts.json: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data.cases;
}

function norm(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value).trim().toLowerCase();
  return text !== '' && Number.isFinite(Number(text)) ? String(Number(text)) : text;
}

/** A question on a truth relationship with no value stated may be read with object `true` as well. */
function sameTriple(
  expected: Triple,
  got: { relationship?: unknown; subject?: unknown; object?: unknown } | null | undefined,
  truth: boolean,
): boolean {
  if (!got) return false;
  if (norm(got.relationship) !== norm(expected.relationship) || norm(got.subject) !== norm(expected.subject)) return false;
  const object = norm(got.object);
  return object === norm(expected.object) || (truth && expected.object === null && object === 'true');
}

function describe(triple: { relationship?: unknown; subject?: unknown; object?: unknown } | null | undefined): string {
  return triple ? `(${String(triple.subject ?? '?')} | ${String(triple.relationship)} | ${String(triple.object ?? '?')})` : 'none';
}

function grade(testCase: BlindCase, map: KnowledgeMap, got: NLInteractResponse): string | undefined {
  const { expect } = testCase;
  const truthRels = new Set(
    [...map.relationships.values()].filter((rel) => map.concepts.get(rel.object)?.type === 'truth').map((rel) => rel.name.toLowerCase()),
  );
  const problems: string[] = [];
  if (expect.query) {
    const truth = truthRels.has(expect.query.relationship.toLowerCase());
    if (!sameTriple(expect.query, got.query, truth)) problems.push(`query ${describe(got.query)}, expected ${describe(expect.query)}`);
  }
  if (expect.facts) {
    // A statement's facts must be exactly the expected ones: none missing, none extra (second set's rule).
    const read = [...(got.facts?.injected ?? []), ...(got.facts?.invalid ?? [])];
    for (const fact of expect.facts)
      if (!read.some((candidate) => sameTriple(fact, candidate, false)))
        problems.push(`fact ${describe(fact)} not read (read: ${read.map(describe).join(', ') || 'none'})`);
    for (const fact of read)
      if (!expect.facts.some((expected) => sameTriple(expected, fact, false))) problems.push(`extra fact ${describe(fact)} read`);
  }
  if (expect.kind === 'statement' && got.query) problems.push(`a statement read as the question ${describe(got.query)}`);
  if (expect.kind === 'why' && got.explanation === undefined && got.error?.code !== WHY_NOT_KNOWN)
    problems.push('not answered as a why-question');
  if ((expect.kind === 'question' || expect.kind === 'statement') && got.responseType === 'error' && got.error?.code !== WHY_NOT_KNOWN)
    problems.push(`error ${String(got.error?.code)}: ${got.error?.suggestedChatResponse ?? ''}`);
  if (expect.kind === 'question' && got.explanation !== undefined) problems.push('answered as a why-question');
  return problems.length > 0 ? problems.join('; ') : undefined;
}

/** Runs every prompt of a blind set on a fresh session of its map. */
export async function runBlind(set: BlindSet): Promise<BlindResult[]> {
  const clock = (): number => Date.UTC(2026, 4, 13, 10);
  const service = new NaturalLanguageService({ clock });
  const maps = new Map<string, KnowledgeMap>();
  const results: BlindResult[] = [];
  let count = 0;
  for (const testCase of loadBlindCases(set)) {
    const map = maps.get(testCase.map) ?? blindMap(set, testCase.map);
    maps.set(testCase.map, map);
    const id = `blind-${set}-${count++}`;
    const reply = await service.interact(
      { sessionID: id, session: createSession(map, { id, kmVersionId: 'blind', clock }), map },
      testCase.prompt,
    );
    service.forget(id);
    const problem = grade(testCase, map, reply.body);
    const helpful =
      problem !== undefined &&
      reply.body.responseType === 'error' &&
      (reply.body.error?.suggestedChatResponse.length ?? 0) > 0 &&
      (reply.body.quickReplies?.length ?? 0) > 0;
    results.push({ testCase, understood: problem === undefined, helpful, problem, got: reply.body });
  }
  return results;
}
