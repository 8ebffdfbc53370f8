/**
 * Every `expression="…"` in the public sample maps must parse and pass the static check, except the
 * defects planted on purpose in the linter fixture (announced by an `EXPECT` comment before them).
 * The samples live outside the repository; when they are absent the suite says so loudly and passes.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkExpression } from './check';
import { evaluate } from './evaluate';
import { parseExpression } from './parser';
import { context } from './test-support/harness';
import { SAMPLES_DIR } from '../test-support/shared-samples';

const SAMPLES = process.env.LAPWING_SAMPLES ?? SAMPLES_DIR;

/** Decode XML entities the way the loader does before handing us attribute text. */
function decodeXmlEntities(text: string): string {
  return text.replace(/&(lt|gt|amp|apos|quot|#\d+|#x[0-9a-fA-F]+);/g, (_, entity: string) => {
    switch (entity) {
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'amp':
        return '&';
      case 'apos':
        return "'";
      case 'quot':
        return '"';
      default:
        return String.fromCodePoint(entity[1] === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10));
    }
  });
}

interface Occurrence {
  file: string;
  text: string;
  /** The `EXPECT …` comment governing this expression's rule, if any. */
  expect?: string | undefined;
}

function collect(): { files: string[]; occurrences: Occurrence[] } {
  const dirs = [SAMPLES, join(SAMPLES, 'large')].filter((d) => existsSync(d));
  const files = dirs.flatMap((d) => readdirSync(d).map((f) => join(d, f))).filter((f) => statSync(f).isFile());
  const occurrences: Occurrence[] = [];
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/\sexpression\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      const raw = m[1] ?? m[2];
      const before = source.slice(0, m.index);
      const commentStart = before.lastIndexOf('<!--');
      const comment = commentStart < 0 ? '' : before.slice(commentStart, before.indexOf('-->', commentStart) + 3);
      // The comment governs the expression only if no rule closed in between.
      const governs = commentStart >= 0 && /EXPECT/.test(comment) && !before.slice(commentStart).includes('</relinst>');
      occurrences.push({ file, text: decodeXmlEntities(raw), expect: governs ? comment : undefined });
    }
  }
  return { files, occurrences };
}

describe('decodeXmlEntities', () => {
  it('decodes the five named entities and numeric references', () => {
    expect(decodeXmlEntities('%A &lt; 1 &amp;&amp; %B &gt;= &apos;x&apos; &quot;&#39;&#x41;')).toBe(`%A < 1 && %B >= 'x' "'A`);
  });
});

describe('real-map expression corpus', () => {
  if (!existsSync(SAMPLES)) {
    it('is skipped because the sample folder is absent', () => {
      console.warn(
        `[expressions corpus] ${SAMPLES} does not exist: the real-map corpus was NOT checked. ` +
          'Set LAPWING_SAMPLES to a folder of .xml/.rbl maps to run it.',
      );
      expect(existsSync(SAMPLES)).toBe(false);
    });
    return;
  }

  const { files, occurrences } = collect();
  // Defects of the expression text itself; other EXPECTs (e.g. "relationship condition or an
  // expression, not both", the left-to-right warning) concern the loader and must still parse here.
  const EXPRESSION_DEFECT = /EXPECT error: (?:Unknown expression function|Unbalanced [a-z ]+ in expression)/;
  const planted = occurrences.filter((o) => o.expect !== undefined && EXPRESSION_DEFECT.test(o.expect));
  const regular = occurrences.filter((o) => !planted.includes(o));

  it('finds the corpus', () => {
    console.info(
      `[expressions corpus] ${occurrences.length} expressions (${new Set(occurrences.map((o) => o.text)).size} distinct) in ${files.length} files under ${SAMPLES}`,
    );
    expect(occurrences.length).toBeGreaterThan(0);
  });

  it('parses every expression and finds no unknown function or arity problem', () => {
    const problems: string[] = [];
    for (const { file, text } of regular) {
      const parsed = parseExpression(text);
      if (!parsed.ok) {
        problems.push(`${file}: ${JSON.stringify(text)}: ${parsed.message} at ${parsed.offset}`);
        continue;
      }
      for (const issue of checkExpression(parsed.expression)) {
        problems.push(`${file}: ${JSON.stringify(text)}: ${issue.message} at ${issue.offset}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('evaluates every variable-free, fact-free expression without error', () => {
    const failures: string[] = [];
    for (const { text } of regular) {
      const parsed = parseExpression(text);
      if (!parsed.ok || parsed.expression.variables.length > 0 || parsed.expression.usesListFunctions) continue;
      const result = evaluate(parsed.expression, context());
      if (!result.ok) failures.push(`${JSON.stringify(text)}: ${JSON.stringify(result)}`);
    }
    expect(failures).toEqual([]);
  });

  it('reports each planted expression defect the way its EXPECT comment says', () => {
    console.info(`[expressions corpus] ${planted.length} planted expression defects`);
    for (const { text, expect: comment } of planted) {
      const wanted = /EXPECT error: ([^(\n]*?)\s*(?:\(|-->)/.exec(comment ?? '')?.[1] ?? '';
      const parsed = parseExpression(text);
      const messages = parsed.ok ? checkExpression(parsed.expression).map((i) => i.message) : [parsed.message];
      expect(
        messages.some((m) => m.startsWith(wanted)),
        `${text} should report "${wanted}", got ${JSON.stringify(messages)}`,
      ).toBe(true);
    }
  });
});
