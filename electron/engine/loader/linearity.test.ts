/**
 * The loader's time grows linearly with its input for every shape a hostile or careless map can
 * take. Each shape is loaded at size n and 16n (limits lifted, so the algorithm itself is measured);
 * the fastest of five interleaved runs at 16n must stay under 48x the fastest at n: linear is 16x,
 * quadratic 256x. The wide factor is for steps that are not growth: past a size, V8 keeps a string or
 * a heap differently and a load costs 2-3x more per byte once (seen between n and 4n, where a bound
 * of 8x for 4x failed CI twice). The fastest, not the median: interference only ever adds time (on a
 * loaded machine even CPU time, which counts the collector's helper threads spinning for a core).
 */
import { describe, expect, it } from 'vitest';
import { loadMap } from './index';

const HEAD = '<?xml version="1.0"?>\n<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">\n';
const NO_LIMITS = { attributesPerElement: Infinity, depth: Infinity, elements: Infinity };

/**
 * `limited`: loaded with the default limits. Nesting is what the depth limit (64) is for: past it,
 * saxes itself and the open-element stack grow faster than the input (measured 2.9x from 20,000 to
 * 40,000 levels), so a deeply nested or never-closed map is cut off at the limit, in linear time.
 */
const shapes: Record<string, { n: number; make: (n: number) => string; limited?: boolean }> = {
  'attributes on one element': {
    n: 10_000,
    make: (n) => `${HEAD}<concept name="a" type="string" ${Array.from({ length: n }, (_, i) => `x${i}="v"`).join(' ')}/>\n</rbl:kb>`,
  },
  'one attribute repeated': { n: 10_000, make: (n) => `${HEAD}<concept ${'a="1" '.repeat(n)}/>\n</rbl:kb>` },
  'mismatched closing tags': { n: 4_000, make: (n) => `${HEAD}${'<concept></rel>\n'.repeat(n)}</rbl:kb>` },
  'deep nesting': { n: 10_000, limited: true, make: (n) => `${HEAD}${'<concept>'.repeat(n)}${'</concept>'.repeat(n)}\n</rbl:kb>` },
  'unclosed elements': { n: 5_000, limited: true, make: (n) => `${HEAD}${'<concept>\n'.repeat(n)}</rbl:kb>` },
  'stray closing tags': { n: 5_000, make: (n) => `${HEAD}</rbl:kb>\n${'</x>\n'.repeat(n)}` },
  'long text with bare ampersands': {
    n: 2_500, // 16n stays under a megabyte, below the step the comment shape shows
    make: (n) => `${HEAD}<concept name="a" type="string">${'word & more &amp; '.repeat(n)}</concept>\n</rbl:kb>`,
  },
  // 5,000 and 80,000 repeats (up to 0.9 MB): between 80,000 and 320,000 one long comment costs 2.5-3x
  // more per byte once (V8 keeping a multi-megabyte string; linear again from 320,000 to 1,280,000).
  'long comment with dashes': { n: 5_000, make: (n) => `${HEAD}<!-- ${'a -- b & c '.repeat(n)} -->\n</rbl:kb>` },
  'many elements': {
    n: 3_000,
    make: (n) => `${HEAD}${Array.from({ length: n }, (_, i) => `<concept name="c${i}" type="string"/>`).join('\n')}\n</rbl:kb>`,
  },
};

/**
 * Milliseconds of CPU time this process spent loading, not wall-clock time: on a busy machine the
 * time spent waiting for a core lands on either side at random and is not the loader's.
 */
function timeLoad(text: string, limited: boolean): number {
  const start = process.cpuUsage();
  loadMap(text, limited ? {} : { limits: NO_LIMITS });
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

describe('loading time is linear in the input', () => {
  for (const [shape, { n, make, limited = false }] of Object.entries(shapes)) {
    it(`${shape}: sixteen times the input takes less than 48x the time`, () => {
      const small = make(n);
      const large = make(16 * n);
      timeLoad(small, limited); // warm-up: compile the loader's paths for this shape
      timeLoad(large, limited);
      const smallTimes: number[] = [];
      const largeTimes: number[] = [];
      for (let run = 0; run < 5; run++) {
        smallTimes.push(timeLoad(small, limited));
        largeTimes.push(timeLoad(large, limited));
      }
      const [fastestSmall, fastestLarge] = [Math.min(...smallTimes), Math.min(...largeTimes)];
      expect(fastestLarge / fastestSmall, `n: ${fastestSmall.toFixed(1)} ms, 16n: ${fastestLarge.toFixed(1)} ms`).toBeLessThan(48);
    }, 120_000);
  }
});
