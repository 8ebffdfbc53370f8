import { describe, expect, it } from 'vitest';
import { LABEL_FONT, LABEL_MAX_WIDTH, LABEL_PADDING, bindNumbers, measureLabel, wrapLabel } from './label-metrics';

/** A stand-in for canvas measuring: 7 units per character (digits included). */
const measure = (text: string) => text.length * 7;

describe('wrapLabel', () => {
  it('keeps short labels on their own lines', () => {
    expect(wrapLabel('Ada · speaks · English\n75%', measure)).toEqual(['Ada · speaks · English', '75%']);
  });

  it('wraps between words, every line within the width', () => {
    const lines = wrapLabel('Housing grant · has an income cap of · 31500 for every applicant in the region', measure, 140, 10);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(140);
    expect(lines.join(' ').replace(/\u00a0/g, ' ')).toBe('Housing grant · has an income cap of · 31500 for every applicant in the region');
  });

  it('never breaks a rule label between "cap" and its number', () => {
    // 14 characters fit: "Income under the cap" would break before "90%)" if the space were free.
    for (const width of [98, 105, 112, 119, 126, 133, 140]) {
      const lines = wrapLabel('Income under the cap (cap 90%)', measure, width);
      expect(lines.some((line) => /\(cap\u00a090%\)/.test(line))).toBe(true);
    }
  });

  it('splits a word longer than the line at its punctuation, never inside a number', () => {
    const lines = wrapLabel('WA:RF:1234567890abcdef', measure, 70);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(70);
    expect(lines.join('')).toBe('WA:RF:1234567890abcdef');
    expect(lines[0]).toBe('WA:RF:');
  });

  it('ends a label past the line limit in an ellipsis', () => {
    const lines = wrapLabel('one two three four five six seven eight nine ten eleven twelve', measure, 42, 3);
    expect(lines).toHaveLength(3);
    expect(lines[2].endsWith('…')).toBe(true);
    expect(measure(lines[2])).toBeLessThanOrEqual(42);
  });
});

describe('measureLabel', () => {
  it('sizes the node from the measured text plus padding', () => {
    const label = measureLabel('Dana · earns a yearly income of · 24000\n100%', measure);
    expect(label.w).toBe(Math.ceil(Math.max(...label.lines.map(measure)) + 2 * LABEL_PADDING.x));
    expect(label.h).toBe(Math.ceil(label.lines.length * LABEL_FONT.size * LABEL_FONT.lineHeight + 2 * LABEL_PADDING.y));
    expect(label.textWidth).toBeLessThanOrEqual(LABEL_MAX_WIDTH);
    expect(label.text.split('\n')).toEqual(label.lines);
  });

  it('binds numbers to the word before them', () => {
    expect(bindNumbers('w 100 · 90% · impact 27/45')).toBe('w\u00a0100 ·\u00a090% · impact\u00a027/45');
  });
});
