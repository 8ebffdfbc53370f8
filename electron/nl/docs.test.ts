/** docs/nl.md documents the certainty phrases and error codes exactly as the code has them. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CERTAINTY_PHRASES } from './text/certainty';
import { NL_ERROR_CODES, statusOfCode } from './understand/errors';
import { EXPLANATION_STYLES } from './explain/styles';

const doc = readFileSync(new URL('../../docs/nl.md', import.meta.url), 'utf8');

function tableRows(first: string): string[] {
  return doc.split('\n').filter((line) => line.startsWith(`| ${first} |`));
}

describe('docs/nl.md', () => {
  it('lists every certainty phrase at its certainty', () => {
    for (const [phrase, certainty] of CERTAINTY_PHRASES) {
      const cells = tableRows(String(certainty)).flatMap((row) =>
        row
          .toLowerCase()
          .split(/[|,]/)
          .map((cell) => cell.trim()),
      );
      expect(cells, phrase).toContain(phrase);
    }
  });

  it('lists every error code with its HTTP status', () => {
    for (const code of Object.values(NL_ERROR_CODES)) {
      expect(
        tableRows(String(code)).some((row) => row.startsWith(`| ${code} | ${statusOfCode(code)} |`)),
        `code ${code}`,
      ).toBe(true);
    }
  });

  it('names every explanation style', () => {
    for (const style of EXPLANATION_STYLES) expect(doc).toContain(`| \`${style}\``);
  });
});
