/**
 * The loader's time grows linearly with its input for every shape a hostile or careless map can
 * take. Each shape is loaded at size n and 2n (limits lifted, so the algorithm itself is measured);
 * the median of interleaved runs at 2n must stay under 3x the median at n (linear: 2x; the quadratic
 * behaviour this guards against gave 4-6x).
 */
import { describe, expect, it } from 'vitest';
import { loadMap } from './index';

const HEAD = '<?xml version="1.0"?>\n<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">\n';
const NO_LIMITS = { attributesPerElement: Infinity, depth: Infinity, elements: Infinity };

const shapes: Record<string, { n: number; make: (n: number) => string }> = {
  'attributes on one element': {
    n: 10_000,
    make: (n) => `${HEAD}<concept name="a" type="string" ${Array.from({ length: n }, (_, i) => `x${i}="v"`).join(' ')}/>\n</rbl:kb>`,
  },
  'one attribute repeated': { n: 10_000, make: (n) => `${HEAD}<concept ${'a="1" '.repeat(n)}/>\n</rbl:kb>` },
  'mismatched closing tags': { n: 4_000, make: (n) => `${HEAD}${'<concept></rel>\n'.repeat(n)}</rbl:kb>` },
  'deep nesting': { n: 10_000, make: (n) => `${HEAD}${'<concept>'.repeat(n)}${'</concept>'.repeat(n)}\n</rbl:kb>` },
  'unclosed elements': { n: 5_000, make: (n) => `${HEAD}${'<concept>\n'.repeat(n)}</rbl:kb>` },
  'stray closing tags': { n: 5_000, make: (n) => `${HEAD}</rbl:kb>\n${'</x>\n'.repeat(n)}` },
  'long text with bare ampersands': {
    n: 10_000,
    make: (n) => `${HEAD}<concept name="a" type="string">${'word & more &amp; '.repeat(n)}</concept>\n</rbl:kb>`,
  },
  'long comment with dashes': { n: 40_000, make: (n) => `${HEAD}<!-- ${'a -- b & c '.repeat(n)} -->\n</rbl:kb>` },
  'many elements': {
    n: 3_000,
    make: (n) => `${HEAD}${Array.from({ length: n }, (_, i) => `<concept name="c${i}" type="string"/>`).join('\n')}\n</rbl:kb>`,
  },
};

function timeLoad(text: string): number {
  const start = performance.now();
  loadMap(text, { limits: NO_LIMITS });
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

describe('loading time is linear in the input', () => {
  for (const [shape, { n, make }] of Object.entries(shapes)) {
    it(`${shape}: twice the input takes less than 3x the time`, () => {
      const small = make(n);
      const large = make(2 * n);
      timeLoad(small); // warm-up: compile the loader's paths for this shape
      const smallTimes: number[] = [];
      const largeTimes: number[] = [];
      for (let run = 0; run < 7; run++) {
        smallTimes.push(timeLoad(small));
        largeTimes.push(timeLoad(large));
      }
      const ratio = median(largeTimes) / median(smallTimes);
      expect(ratio, `n: ${median(smallTimes).toFixed(1)} ms, 2n: ${median(largeTimes).toFixed(1)} ms`).toBeLessThan(3);
    }, 120_000);
  }
});
