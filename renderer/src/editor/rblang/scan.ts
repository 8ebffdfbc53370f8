/**
 * A forgiving scan of RBLang text into elements and attributes with their offsets: what the editor's
 * language features need (names, where they are written, which element encloses the cursor) even
 * while the text is half-typed and the engine's loader reports it broken. It does not validate;
 * the loader does that (in the diagnostics worker).
 */

export interface ScannedAttribute {
  readonly name: string;
  readonly value: string;
  /** Offset of the first character inside the quotes. */
  readonly valueStart: number;
  /** Offset just after the last character inside the quotes. */
  readonly valueEnd: number;
}

export interface ScannedElement {
  /** Local name (`kb` for `rbl:kb`). */
  readonly name: string;
  /** Offset of `<`. */
  readonly start: number;
  /** Offset just after the start tag's `>` (or the end of the text when the tag is unfinished). */
  readonly tagEnd: number;
  /** Offset just after the element's end (its close tag, or the start tag when self-closing or never closed). */
  end: number;
  readonly selfClosing: boolean;
  /** Index of the enclosing element in {@link Scan.elements}, -1 at the top. */
  readonly parent: number;
  readonly attributes: readonly ScannedAttribute[];
  /** Indexes of the child elements. */
  readonly children: number[];
}

export interface Scan {
  readonly text: string;
  readonly elements: readonly ScannedElement[];
  /** Offsets where lines start (line 1 at index 0). */
  readonly lineStarts: readonly number[];
  /** Elements still open at the end of the text, outermost first. */
  readonly open: readonly number[];
}

const ATTRIBUTE = /([A-Za-z_][\w:.-]*)\s*=\s*("([^"]*)"?|'([^']*)'?)/g;

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}

/** The end of the start tag beginning at `from` (after `<name`): the first `>` outside quotes. */
function startTagEnd(text: string, from: number): number {
  let quote = '';
  for (let index = from; index < text.length; index += 1) {
    const char = text[index];
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return index + 1;
    else if (char === '<') return index;
  }
  return text.length;
}

function readAttributes(text: string, from: number, to: number): ScannedAttribute[] {
  const attributes: ScannedAttribute[] = [];
  const body = text.slice(from, to);
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(body); match; match = ATTRIBUTE.exec(body)) {
    const value = match[3] ?? match[4] ?? '';
    const valueStart = from + match.index + match[0].length - match[2].length + 1;
    attributes.push({ name: localName(match[1]), value, valueStart, valueEnd: valueStart + value.length });
  }
  return attributes;
}

/** Scans `text` into elements; never throws. */
export function scanRblang(text: string): Scan {
  const elements: ScannedElement[] = [];
  const stack: number[] = [];
  let index = text.indexOf('<');
  while (index >= 0 && index < text.length) {
    if (text.startsWith('<!--', index)) {
      const close = text.indexOf('-->', index + 4);
      index = close < 0 ? text.length : close + 3;
    } else if (text.startsWith('<![CDATA[', index)) {
      const close = text.indexOf(']]>', index + 9);
      index = close < 0 ? text.length : close + 3;
    } else if (text.startsWith('<?', index) || text.startsWith('<!', index)) {
      const close = text.indexOf('>', index + 2);
      index = close < 0 ? text.length : close + 1;
    } else if (text[index + 1] === '/') {
      const close = text.indexOf('>', index + 2);
      const end = close < 0 ? text.length : close + 1;
      const name = localName(text.slice(index + 2, close < 0 ? text.length : close).trim());
      // Close the nearest open element of that name (and anything left open inside it).
      const at = stack.map((open) => elements[open].name).lastIndexOf(name);
      if (at >= 0) {
        for (const open of stack.splice(at)) elements[open].end = end;
      }
      index = end;
    } else {
      const nameMatch = /^<([A-Za-z_][\w:.-]*)/.exec(text.slice(index, index + 200));
      if (!nameMatch) {
        index = text.indexOf('<', index + 1);
        continue;
      }
      const tagEnd = startTagEnd(text, index + nameMatch[0].length);
      const selfClosing = text[tagEnd - 2] === '/' && text[tagEnd - 1] === '>';
      const parent = stack.length > 0 ? stack[stack.length - 1] : -1;
      const element: ScannedElement = {
        name: localName(nameMatch[1]),
        start: index,
        tagEnd,
        end: tagEnd,
        selfClosing,
        parent,
        attributes: readAttributes(text, index + nameMatch[0].length, tagEnd),
        children: [],
      };
      elements.push(element);
      if (parent >= 0) elements[parent].children.push(elements.length - 1);
      if (!selfClosing) stack.push(elements.length - 1);
      index = tagEnd;
    }
    index = text.indexOf('<', index);
  }
  return { text, elements, lineStarts: lineStartsOf(text), open: stack };
}

/** 1-based line and column of an offset. */
export function positionAt(scan: Scan, offset: number): { line: number; column: number } {
  const starts = scan.lineStarts;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - starts[low] + 1 };
}

/** The attribute named `name` of an element (first one), if written. */
export function attributeOf(element: ScannedElement, ...names: string[]): ScannedAttribute | undefined {
  for (const name of names) {
    const found = element.attributes.find((attribute) => attribute.name === name);
    if (found) return found;
  }
  return undefined;
}
