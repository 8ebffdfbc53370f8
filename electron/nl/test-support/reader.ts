/**
 * The reader as the reader's own tests use it: a map (inline RBLang, or a corpus map) turned into
 * `read(prompt)`, on a fixed clock, with nothing pending and no one mentioned before — so a test
 * states only its map, its prompts and what they must read as. `vocabularyOf` is the same map's
 * vocabulary, for the tests that look into it.
 */
import { loadMap } from '../../engine';
import type { KnowledgeMap } from '../../engine';
import { interpret } from '../understand/interpret';
import type { Interpretation, InterpretOptions } from '../understand/types';
import { buildVocabulary } from '../vocabulary/build';
import type { Vocabulary } from '../vocabulary/types';

/** The tests' "now" (13 May 2026, 10:00 UTC), what "today" or "next week" are read against. */
const TEST_NOW = Date.UTC(2026, 4, 13, 10);

/** Reads one prompt; `options` (pending questions, referents, another clock) override the defaults. */
type Reader = (prompt: string, options?: Partial<InterpretOptions>) => Interpretation;

/** A reader of a vocabulary already built; `now` is the clock when the test keeps its own. */
export function readerOfVocabulary(vocabulary: Vocabulary, now: number = TEST_NOW): Reader {
  return (prompt, options = {}) => interpret(prompt, vocabulary, { now, pending: [], referents: { lastSubject: new Map() }, ...options });
}

/** A reader of a loaded map (a corpus map, say). */
export function readerOfMap(map: KnowledgeMap, now: number = TEST_NOW): Reader {
  return readerOfVocabulary(buildVocabulary(map), now);
}

/** The vocabulary of an inline RBLang map; throws (with the loader's messages) when the map does not load cleanly. */
export function vocabularyOf(xml: string): Vocabulary {
  const loaded = loadMap(xml);
  if (!loaded.map || !loaded.ok) throw new Error(`test map does not load: ${loaded.diagnostics.map((d) => d.message).join('; ')}`);
  return buildVocabulary(loaded.map);
}

/** A reader of an inline RBLang map. */
export function readerOf(xml: string, now: number = TEST_NOW): Reader {
  return readerOfVocabulary(vocabularyOf(xml), now);
}
