/**
 * Loads the generated evaluation sets from `electron/nl/heldout/maps/<set>/` with their cases, in
 * the corpus shape the graders take (file IO stays out of the pure `electron/nl` code).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadMap } from '../../engine';
import { heldOutCases, type GeneratedSet, type HeldOutCase } from '../heldout/generate';
import { buildVocabulary } from '../vocabulary/build';
import type { LoadedCorpus } from './corpus';

export type { HeldOutCase };

const MAPS = join(dirname(fileURLToPath(import.meta.url)), '..', 'heldout', 'maps');

/** The clock of the generated sets (relative dates are not among their families). */
const HELD_OUT_NOW = '2026-05-13T10:00:00Z';

/** Every held-out map with its generated cases, in the corpus shape the graders take. */
export function loadGenerated(set: GeneratedSet): LoadedCorpus[] {
  const folder = join(MAPS, set);
  return readdirSync(folder)
    .filter((name) => name.endsWith('.rbl'))
    .sort()
    .map((name) => {
      const loaded = loadMap(readFileSync(join(folder, name), 'utf8'));
      if (!loaded.ok || !loaded.map) throw new Error(`${set} map ${name} does not load`);
      const map = loaded.map;
      return {
        file: { file: name, map: name, now: HELD_OUT_NOW, cases: heldOutCases(map) },
        map,
        vocabulary: buildVocabulary(map),
        now: Date.parse(HELD_OUT_NOW),
      };
    });
}
