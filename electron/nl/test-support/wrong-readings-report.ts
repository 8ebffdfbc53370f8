/**
 * Developer aid: `npx tsx electron/nl/test-support/wrong-readings-report.ts [map…]` prints every
 * wrong-reading probe the reader reads as another relationship (see wrong-readings.ts and
 * form-paraphrases.ts).
 */
import { formWrongReadings } from './form-paraphrases';
import { DEV_MAPS, wrongReadings } from './wrong-readings';

const chosen = process.argv.slice(2);
let probes = 0;
let asked = 0;
let wrong = 0;
for (const mapName of chosen.length > 0 ? chosen : DEV_MAPS) {
  for (const found of [wrongReadings(mapName), formWrongReadings(mapName)]) {
    probes += found.probes;
    asked += found.asked;
    wrong += found.wrong.length;
    for (const miss of found.wrong) console.log(`${mapName}: "${miss.prompt}" (from '${miss.meant}') → '${miss.read}'`);
  }
}
console.log(`${probes} probes, ${wrong} read as another relationship, ${asked} asked which`);
