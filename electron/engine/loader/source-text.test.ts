import { describe, expect, it } from 'vitest';
import { SourceText } from './source-text';

describe('SourceText', () => {
  it('escapes bare ampersands and leaves entities, character references, CDATA and comments alone', () => {
    const text = new SourceText('<a b="R&D &amp; &#38; &#x26; &lt;">x & y<![CDATA[p & q]]><!-- r & s --></a>');
    expect(text.parsed).toBe('<a b="R&amp;D &amp; &#38; &#x26; &lt;">x &amp; y<![CDATA[p & q]]><!-- r & s --></a>');
  });

  it('maps offsets in the escaped text back to the original', () => {
    const original = 'ab&cd&ef';
    const text = new SourceText(original);
    expect(text.parsed).toBe('ab&amp;cd&amp;ef');
    // Each character of the parsed text maps to the original character it came from.
    const mapped = [...text.parsed].map((_, i) => original[text.toOriginal(i)]).join('');
    expect(mapped).toBe('ab&&&&&cd&&&&&ef');
    expect(text.toOriginal(text.parsed.indexOf('e'))).toBe(original.indexOf('e'));
  });

  it('blanks dashes inside comments without changing lengths (the platform accepts -- in comments)', () => {
    const text = new SourceText('<a><!-- x -- y ---></a>');
    expect(text.parsed).toBe('<a><!-- x    y  --></a>');
    expect(text.parsed.length).toBe(text.original.length);
  });

  it('counts lines and 1-based columns with LF, CRLF and lone CR line ends', () => {
    const text = new SourceText('ab\ncd\r\nef\rgh');
    expect(text.position(0)).toEqual({ line: 1, column: 1 });
    expect(text.position(3)).toEqual({ line: 2, column: 1 });
    expect(text.position(7)).toEqual({ line: 3, column: 1 });
    expect(text.position(10)).toEqual({ line: 4, column: 1 });
    expect(text.position(11)).toEqual({ line: 4, column: 2 });
  });

  it('skips a byte-order mark for the parser but keeps original offsets', () => {
    const text = new SourceText('\uFEFF<a/>');
    expect(text.parsed).toBe('<a/>');
    expect(text.toOriginal(0)).toBe(1);
    expect(text.position(text.toOriginal(0))).toEqual({ line: 1, column: 2 });
  });
});
