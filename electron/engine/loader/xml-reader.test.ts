import { describe, expect, it } from 'vitest';
import { DiagnosticSink } from './diagnostics';
import { DEFAULT_LOAD_LIMITS } from './limits';
import { SourceText } from './source-text';
import { offsetInValue, readXml } from './xml-reader';
import type { XmlElement } from './xml-reader';

function read(xml: string) {
  const source = new SourceText(xml);
  const sink = new DiagnosticSink(source);
  const document = readXml(source, sink, DEFAULT_LOAD_LIMITS);
  return { source, document, diagnostics: sink.list() };
}

/** `a(b,c(d))`: the element tree by local name. */
function shape(element: XmlElement): string {
  return element.children.length === 0 ? element.localName : `${element.localName}(${element.children.map(shape).join(',')})`;
}

describe('readXml', () => {
  it('builds the tree with decoded attributes, text, CDATA, and ignores comments', () => {
    const { document, diagnostics } = read(
      '<rbl:kb xmlns:rbl="x"><!-- c --><a n="1 &lt; 2 &amp; \\w+"><b>x &amp; <![CDATA[<y>]]></b></a><c/></rbl:kb>',
    );
    expect(diagnostics).toEqual([]);
    const root = document.root as XmlElement;
    expect(root.name).toBe('rbl:kb');
    expect(root.localName).toBe('kb');
    expect(shape(root)).toBe('kb(a(b),c)');
    expect(root.children[0].attributes[0]).toMatchObject({ name: 'n', value: '1 < 2 & \\w+' });
    expect(root.children[0].children[0].text).toBe('x & <y>');
  });

  it('records where each attribute and its value start, in the original text', () => {
    const xml = '<kb>\n  <a first="R&D" second = \'v\'/>\n</kb>';
    const { document, source } = read(xml);
    const [first, second] = (document.root as XmlElement).children[0].attributes;
    expect(source.position(first.offset)).toEqual({ line: 2, column: 6 });
    expect(source.position(second.offset)).toEqual({ line: 2, column: 18 });
    expect(xml[second.valueOffset]).toBe('v');
    expect(first.value).toBe('R&D');
  });

  it('maps an index inside a decoded value to the original text, counting an entity as one character', () => {
    const xml = '<kb a="%X &lt; 18 and %Y"/>';
    const { document } = read(xml);
    const attribute = (document.root as XmlElement).attributes[0];
    const index = attribute.value.indexOf('%Y');
    expect(xml.slice(offsetInValue(xml, attribute, index), offsetInValue(xml, attribute, index) + 2)).toBe('%Y');
  });

  it('skips a closing tag that matches nothing open and keeps the rest of the document in the root', () => {
    const { document, diagnostics } = read('<kb>\n<rel><firstForm>Q?</secondFormObject>\n</rel>\n<after/>\n</kb>');
    expect(shape(document.root as XmlElement)).toBe('kb(rel(firstForm),after)');
    expect(diagnostics.map((d) => [d.line, d.code])).toEqual([
      [2, 'xml/mismatched-tag'],
      [3, 'xml/mismatched-tag'],
    ]);
    expect(diagnostics[0].message).toContain('expected </firstForm>');
    expect((document.root as XmlElement).children[0].children[0].text.trim()).toBe('Q?');
  });

  it('reports elements never closed, stray closing tags and text after the root', () => {
    const { document, diagnostics } = read('<kb>\n<a>\n</kb>\n</stray>\nloose text\n<late/>');
    expect(shape(document.root as XmlElement)).toBe('kb(a)');
    expect(diagnostics.map((d) => [d.line, d.code])).toEqual([
      [3, 'xml/mismatched-tag'],
      [4, 'xml/stray-close-tag'],
      [5, 'xml/malformed'],
      [6, 'xml/after-root'],
    ]);
  });

  it('reports an element still open at the end of the file', () => {
    const { diagnostics } = read('<kb>\n  <a>');
    expect(diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual(['1:1 xml/unclosed-element', '2:3 xml/unclosed-element']);
  });

  it('keeps the first of a repeated attribute and reads an unquoted value, reporting both', () => {
    const { document, diagnostics } = read('<kb>\n<a t="one" t="two"/>\n<b n=bare/>\n</kb>');
    const [a, b] = (document.root as XmlElement).children;
    expect(a.attributes.map((x) => x.value)).toEqual(['one']);
    expect(b.attributes[0].value).toBe('bare');
    expect(diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual([
      '2:12 xml/duplicate-attribute',
      '3:6 xml/unquoted-attribute',
    ]);
  });

  it('drops a tag it cannot read (unbalanced quote) and reports it once', () => {
    const { document, diagnostics } = read('<kb>\n<a name="x type="y"/>\n<b/>\n</kb>');
    expect(shape(document.root as XmlElement)).toBe('kb(b)');
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ line: 2, code: 'xml/malformed-tag', severity: 'error' });
    expect(diagnostics[0].message).toContain('unbalanced quote');
  });

  it('keeps the content of a root tag it cannot fully read', () => {
    const { document, diagnostics } = read('<kb a="1"b="2">\n<c/>\n</kb>');
    expect(shape(document.root as XmlElement)).toBe('kb(c)');
    expect(diagnostics.map((d) => d.code)).toEqual(['xml/malformed-tag']);
  });

  it('reports a document without a root element', () => {
    expect(read('').diagnostics.map((d) => d.code)).toEqual(['xml/no-root']);
    expect(read('<?xml version="1.0"?>\n<!-- only a comment -->').document.root).toBeUndefined();
  });

  it('never throws, whatever it is given', () => {
    const samples = [
      '<',
      '<<>>',
      '<a',
      '<a b=',
      '<a b="',
      '</a>',
      '<a></b></c>',
      '<![CDATA[',
      '<!--',
      '<?x',
      '&',
      '<a>&#xZZ;</a>',
      '\u0000<a/>',
    ];
    for (const xml of samples) expect(() => read(xml)).not.toThrow();
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pieces = ['<a>', '</a>', '<b x="1">', '</b>', '"', "'", '<', '>', '&', 'text', '<!--', '-->', '/>', '=', ' '];
    for (let i = 0; i < 300; i++) {
      const xml = Array.from({ length: 20 }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      expect(() => read(xml)).not.toThrow();
    }
  });
});
