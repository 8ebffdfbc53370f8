/** Lapwing's own fixture maps for server and client tests (never copies of the shared samples). */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAPS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'maps');

type FixtureName = 'travel-money' | 'broken';

/** The RBLang text of a fixture map. */
export function fixtureMap(name: FixtureName): string {
  return readFileSync(join(MAPS_DIR, `${name}.xml`), 'utf8');
}

/** The path of a fixture map (for CLI tests). */
export function fixtureMapPath(name: FixtureName): string {
  return join(MAPS_DIR, `${name}.xml`);
}

/** The travel map with another rule certainty, to tell versions apart in results. */
export function travelMoneyWithCertainty(certainty: number): string {
  return fixtureMap('travel-money').replace('<relinst type="pays with" cf="80"', `<relinst type="pays with" cf="${certainty}"`);
}

/** The travel map with "is visiting" shared by the sessions of a context (`scope="context"`). */
export function travelMoneyWithContext(): string {
  return fixtureMap('travel-money').replace('<rel name="is visiting" ', '<rel name="is visiting" scope="context" ');
}
