import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLES_DIR, samplesPresent } from '../test-support/shared-samples';
import { DiagnosticSink } from './diagnostics';
import { readXmlFast } from './fast-xml';
import { DEFAULT_LOAD_LIMITS, type LoadLimits } from './limits';
import { SourceText } from './source-text';
import { readXmlFully } from './xml-reader';

const fixturesDir = join(import.meta.dirname, 'fixtures');

function texts(dir: string): { name: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(xml|rbl)$/.test(name))
    .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
}

/**
 * What the fast reader must guarantee for any text: when it gives a tree, the full reader reports
 * nothing and builds the same tree. Returns whether the fast reader gave one.
 */
function checkAgainstFull(text: string, limits: LoadLimits = DEFAULT_LOAD_LIMITS): boolean {
  const fast = readXmlFast(new SourceText(text), limits);
  if (fast === undefined) return false;
  const source = new SourceText(text);
  const sink = new DiagnosticSink(source);
  const full = readXmlFully(source, sink, limits);
  expect(sink.list(), text).toEqual([]);
  expect(fast, text).toEqual(full);
  return true;
}

/** A deterministic pseudo-random sequence (the mutations are the same in every run). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Characters that change what XML means, and a few that only look like they might. */
const MUTATIONS = [
  '<',
  '>',
  '&',
  '"',
  "'",
  '/',
  '=',
  ' ',
  '\r',
  '\r\n',
  '\t',
  '\n',
  'é',
  '-',
  '!',
  '?',
  ']',
  ';',
  '#',
  'x',
  ':',
  '\u00a0',
  '\u0001',
  '😀',
  '&#10;',
  '&#13;',
  '&amp;',
  '&#x1F600;',
  '&#0;',
  ']]>',
  '<!--',
  '-->',
  '<![CDATA[',
  '<?pi?>',
];

function mutate(text: string, next: () => number): string {
  const at = Math.floor(next() * text.length);
  const piece = MUTATIONS[Math.floor(next() * MUTATIONS.length)];
  const kind = next();
  if (kind < 0.4) return text.slice(0, at) + piece + text.slice(at);
  if (kind < 0.8) return text.slice(0, at) + piece + text.slice(at + 1);
  return text.slice(0, at) + text.slice(at + 1);
}

describe('the fast XML reader', () => {
  it('gives the full reader’s tree for the loader fixtures, or leaves them to it', () => {
    for (const { text } of texts(fixturesDir)) checkAgainstFull(text);
  });

  it.runIf(samplesPresent)('reads every public sample as the full reader does', () => {
    const samples = texts(SAMPLES_DIR);
    expect(samples.length).toBeGreaterThan(0);
    // Every sample is plain XML but the broken one, so the fast reader must take them.
    const taken = samples.filter(({ text }) => checkAgainstFull(text)).map(({ name }) => name);
    expect(taken.length).toBeGreaterThanOrEqual(samples.length - 1);
  });

  it('decodes entities and line ends, and keeps positions, as the full reader does', () => {
    const texts = [
      '<?xml version="1.0" encoding="utf-8"?>\r\n<rbl:kb xmlns:rbl="x">\r\n  <a n="1 &lt; 2&#10;\tb\r\nc\rd" m = \'&quot;&apos;&#x41;\'>  x &amp;\r\n y &#13;z</a>\r\n<!-- c --><b/>t\u00a0<c></c ></rbl:kb>\n<!-- after -->\n',
      '\ufeff<kb>\u00a0</kb>',
      '<kb>  &#32; x<c/>more</kb>',
    ];
    for (const text of texts) expect(checkAgainstFull(text), text).toBe(true);
  });

  it('leaves every text with a problem to the full reader', () => {
    const broken = [
      '',
      'x<kb/>',
      '<kb></kb><kb/>',
      '<kb><a></b></kb>',
      '<kb a="1" a="2"/>',
      '<kb a=1/>',
      '<kb a="1"b="2"/>',
      '<kb>&#xD800;</kb>',
      '<kb>&#0;</kb>',
      '<kb><![CDATA[x]]></kb>',
      '<!DOCTYPE kb><kb/>',
      '<kb><?pi x?></kb>',
      '<kb>a ]]> b</kb>',
      '<kb><!- a -></kb>',
      '<kb a="<"/>',
      '<kb>',
      ' <?xml version="1.0"?><kb/>',
      '<kb>\u0001</kb>',
    ];
    for (const text of broken) expect(readXmlFast(new SourceText(text), DEFAULT_LOAD_LIMITS), text).toBeUndefined();
  });

  it('leaves a text that crosses a load limit to the full reader, which reports it', () => {
    const text = '<kb><a><b x="1" y="2"/></a><c/></kb>';
    expect(checkAgainstFull(text, { attributesPerElement: 2, depth: 3, elements: 4 })).toBe(true);
    expect(readXmlFast(new SourceText(text), { attributesPerElement: 1, depth: 3, elements: 4 })).toBeUndefined();
    expect(readXmlFast(new SourceText(text), { attributesPerElement: 2, depth: 2, elements: 4 })).toBeUndefined();
    expect(readXmlFast(new SourceText(text), { attributesPerElement: 2, depth: 3, elements: 3 })).toBeUndefined();
  });

  it('agrees with the full reader on thousands of mutated maps', () => {
    const bases = texts(fixturesDir).map(({ text }) => text);
    if (samplesPresent) bases.push(readFileSync(join(SAMPLES_DIR, 'coffeebird-hello-world.xml'), 'utf8'));
    const next = random(15);
    let taken = 0;
    let mutations = 0;
    for (const base of bases) {
      for (let round = 0; round < 300; round++) {
        let text = base;
        const edits = 1 + Math.floor(next() * 3);
        for (let edit = 0; edit < edits; edit++) text = mutate(text, next);
        mutations++;
        if (checkAgainstFull(text)) taken++;
      }
    }
    // Both kinds must occur, or the comparison proves nothing.
    expect(taken).toBeGreaterThan(mutations / 10);
    expect(taken).toBeLessThan(mutations);
  });
});
