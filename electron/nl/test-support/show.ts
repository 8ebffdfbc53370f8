/**
 * Developer aid: `npx tsx electron/nl/test-support/show.ts <map> "prompt" ["prompt"…]` prints what
 * the reader makes of each prompt (map as in the corpus: `travel`, `bundled:hello-world`).
 * `--pending relationship/subject[/object]` reads the prompts as answers to that question.
 */
import { interpret } from '../understand/interpret';
import { buildVocabulary } from '../vocabulary/build';
import { corpusMap, pendingOf, type PendingSummary } from './corpus';

const [mapName, ...rest] = process.argv.slice(2);
const map = corpusMap(mapName);
const vocabulary = buildVocabulary(map);
const pending: PendingSummary[] = [];
const prompts: string[] = [];
for (let index = 0; index < rest.length; index++) {
  if (rest[index] === '--pending') {
    const [relationship, subject, object] = rest[++index].split('/');
    pending.push({ relationship, ...(subject ? { subject } : {}), ...(object ? { object } : {}) });
  } else prompts.push(rest[index]);
}
for (const prompt of prompts) {
  const got = interpret(prompt, vocabulary, {
    now: Date.UTC(2026, 4, 13, 10),
    pending: pendingOf(map, { prompt, pending, expect: {} }),
    referents: { lastSubject: new Map() },
  });
  console.log(`${prompt}\n  → ${JSON.stringify(got)}`);
}
