/**
 * `npm run bench -- maps`: the semantic diff of two versions of the largest public sample map
 * (target under 200 ms on this machine). Version 2 is the sample with every tenth rule's
 * certainty lowered and one rule dropped, so the diff has real work: every rule matched, a few
 * changed, one removed. Peer: loading both maps with the engine's loader in the same run (what
 * any diff must do first), so the ratio says what the diff adds.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { diffMaps, loadMap } from '../electron/engine';

const SAMPLES = resolve(import.meta.dirname, '..', '..', 'shared', 'samples', 'large');
const ROUNDS = 15;

function largestSample(): string | undefined {
  let files: string[];
  try {
    files = readdirSync(SAMPLES).filter((name) => /\.(xml|rbl|rblang)$/i.test(name));
  } catch {
    return undefined;
  }
  return files.map((name) => join(SAMPLES, name)).sort((a, b) => statSync(b).size - statSync(a).size)[0];
}

/** Every tenth rule (a `<relinst>` with a `cf` and a closing tag) gets a lower certainty; the last such rule is dropped. */
function secondVersion(text: string): { text: string; changed: number } {
  let seen = 0;
  let changed = 0;
  const edited = text.replace(/(<relinst\b[^>]*?\bcf=")(\d+)("[^>]*[^/]>)/g, (match, head: string, cf: string, tail: string) => {
    seen += 1;
    if (seen % 10 !== 0) return match;
    changed += 1;
    return `${head}${Math.max(0, Number(cf) - 5)}${tail}`;
  });
  const lastRule = edited.lastIndexOf('<relinst');
  const end = edited.indexOf('</relinst>', lastRule);
  return { text: end > lastRule ? edited.slice(0, lastRule) + edited.slice(end + '</relinst>'.length) : edited, changed };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export async function benchMaps(): Promise<void> {
  console.log('\n## Map diff');
  const file = largestSample();
  if (!file) {
    console.log(`  skipped: no sample maps at ${SAMPLES}`);
    return;
  }
  const before = readFileSync(file, 'utf8');
  const { text: after, changed } = secondVersion(before);
  const loads: number[] = [];
  const diffs: number[] = [];
  let entries = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    const a = loadMap(before);
    const b = loadMap(after);
    const loaded = performance.now();
    const report = diffMaps(a, b);
    diffs.push(performance.now() - loaded);
    loads.push(loaded - start);
    entries = report.entries.length;
  }
  const diff = median(diffs);
  const load = median(loads);
  console.log(
    `  ${file.split('/').pop()} (${(before.length / 1024).toFixed(0)} KB; version 2: ${changed} rule certainties lowered, 1 rule dropped; ${entries} entries): ` +
      `diff ${diff.toFixed(1)} ms (median of ${ROUNDS}; target < 200 ms); peer: loading both maps ${load.toFixed(1)} ms (ratio ${(diff / load).toFixed(2)}); load both + diff ${(diff + load).toFixed(1)} ms`,
  );
}
