/**
 * Reads RBLang XML into a small element tree, reporting every well-formedness problem and carrying on.
 *
 * `saxes` does the tokenising and the XML checks. Its recovery from a mismatched closing tag is to close
 * every open element, root included, after which the rest of a map would be "outside the root". So the
 * tree here is built on our own element stack: saxes's events only tell us which tag names were
 * written, and a closing tag that matches no open element is reported and skipped, while one that
 * matches an outer element closes the inner ones (each reported as not closed).
 */
import type { SaxesTagPlain } from 'saxes';
import { Code } from './diagnostics';
import type { DiagnosticCode, DiagnosticSink } from './diagnostics';
import { LimitExceeded } from './limits';
import type { LoadLimits } from './limits';
import { readXmlFast } from './fast-xml';
import { SaxParser } from './sax-parser';
import type { SourceText } from './source-text';

export interface XmlAttribute {
  /** Name as written, e.g. `xmlns:rbl`. */
  readonly name: string;
  /** Name without a prefix. */
  readonly localName: string;
  /** Value with entities decoded. */
  readonly value: string;
  /** Offset in the original text of the attribute's name (of its element when it could not be found). */
  readonly offset: number;
  /** Offset in the original text of the value's first character, or -1 when unknown. */
  readonly valueOffset: number;
}

export interface XmlElement {
  /** Name as written, e.g. `rbl:kb`. */
  readonly name: string;
  readonly localName: string;
  /** Offset in the original text of the `<` that opens the element. */
  readonly offset: number;
  /** Attributes in written order; of a repeated attribute only the first is kept. */
  readonly attributes: readonly XmlAttribute[];
  readonly children: XmlElement[];
  /**
   * Text and CDATA content directly inside the element, concatenated from its first non-blank piece
   * on: blank pieces before it (the indentation between child elements) are dropped, as every reader
   * of the text trims it, and a map's thousands of them made long ropes nobody read.
   */
  text: string;
  /** Offset of the first non-blank text character, or -1 when there is none. */
  textOffset: number;
}

export interface XmlDocument {
  /** The root element, or undefined when the document has none (or reading stopped at a limit). */
  readonly root?: XmlElement | undefined;
  /** Reading stopped at a load limit (reported): the tree is incomplete and must not be used. */
  readonly stopped: boolean;
}

/** Attributes that declare namespaces or belong to XML itself, never RBLang attributes. */
export function isNamespaceAttribute(attribute: XmlAttribute): boolean {
  const name = attribute.name;
  // Most names do not start with `x`: answered without a `startsWith` call (this runs for every attribute).
  if (name.charCodeAt(0) !== 120 /* x */) return false;
  return name === 'xmlns' || name.startsWith('xmlns:') || name.startsWith('xml:');
}

function localNameOf(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

interface OpenElement {
  readonly element: XmlElement;
  /** Not part of the tree (after the root, or a tag that could not be read); its content is skipped too. */
  readonly detached: boolean;
}

interface TagProblem {
  readonly message: string;
  readonly offset: number;
}

class TreeBuilder {
  private readonly parser = new SaxParser();
  private readonly stack: OpenElement[] = [];
  /** How many elements of each name are on {@link stack}: a closing tag no open element has is known at once. */
  private readonly openCounts = new Map<string, number>();
  private elementCount = 0;
  private root: XmlElement | undefined;
  private rootClosed = false;
  /** saxes closed an element for a closing tag; undone if saxes then says the close was forced. */
  private pendingClose: { name: string; offset: number } | undefined;
  /** Start of the open tag being read, and problems found inside it. */
  private tagStart = -1;
  private tagProblems: TagProblem[] = [];
  /** The last unquoted attribute of the tag being read (readable, but it may have swallowed a `/`). */
  private tagUnquoted: string | undefined;
  private tagAttributes: XmlAttribute[] = [];
  /** {@link tagAttributes} by name once a tag has many, to find a repeated one without a scan. */
  private tagAttributeNames: Map<string, XmlAttribute> | undefined;
  /** Attributes written in the tag being read, repeats included. */
  private tagAttributeCount = 0;
  /** End (in the parsed text) of the last markup, where any following text starts. */
  private markupEnd = 0;
  private lastError: { message: string; line: number } | undefined;
  /** saxes turns a closing tag it could not match into text; that text is not the author's. */
  private unmatchedCloseText = '';

  constructor(
    private readonly source: SourceText,
    private readonly sink: DiagnosticSink,
    private readonly limits: LoadLimits,
  ) {}

  read(): XmlDocument {
    const parser = this.parser;
    parser.on('opentagstart', () => this.onOpenTagStart());
    parser.on('attribute', (attribute) => this.onAttribute(attribute.name, attribute.value));
    parser.on('opentag', (tag) => this.onOpenTag(tag));
    parser.on('closetag', (tag) => this.onCloseTag(tag));
    parser.on('text', (text) => this.onText(text));
    parser.on('cdata', (text) => this.onText(text, true));
    parser.on('comment', () => this.onMarkup());
    parser.on('processinginstruction', () => this.onMarkup());
    parser.on('doctype', () => this.onMarkup());
    parser.on('xmldecl', () => this.onMarkup());
    parser.problem = (message) => this.onError(message);
    try {
      parser.write(this.source.parsed).close();
    } catch (error) {
      if (error instanceof LimitExceeded) return { stopped: true };
      // saxes reports through the error handler; anything thrown is a bug there, not a crash here.
      this.xmlError(`the XML reader stopped: ${error instanceof Error ? error.message : String(error)}`, this.here());
    }
    this.flushClose();
    if (this.tagStart >= 0) this.reportTagProblems('<');
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const { element } = this.stack[i];
      this.sink.error(Code.xmlUnclosedElement, `<${element.name}> is never closed (expected </${element.name}>)`, element.offset);
    }
    if (this.root === undefined) this.sink.error(Code.xmlNoRoot, 'the file has no root element: expected <rbl:kb>', 0);
    return { root: this.root, stopped: false };
  }

  /** Current parser offset in the original text, pointing at the character just read. */
  private here(): number {
    return this.source.toOriginal(Math.max(0, this.parser.position - 1));
  }

  private onMarkup(): void {
    this.flushClose();
    this.unmatchedCloseText = '';
    this.markupEnd = this.afterMarkup();
  }

  /** End of the markup just read. saxes reports some markup (comments) while still on its final `>`. */
  private afterMarkup(): number {
    const position = this.parser.position;
    const close = this.source.parsed.indexOf('>', position - 1);
    return close < 0 ? position : close + 1;
  }

  private onOpenTagStart(): void {
    this.flushClose();
    this.tagStart = this.source.parsed.lastIndexOf('<', this.parser.position - 1);
    this.tagProblems = [];
    this.tagAttributes = [];
    this.tagAttributeNames = undefined;
    this.tagAttributeCount = 0;
    this.tagUnquoted = undefined;
    if (++this.elementCount > this.limits.elements) {
      this.stop(
        Code.limitElements,
        `the map has more than ${this.limits.elements} elements`,
        this.source.toOriginal(Math.max(0, this.tagStart)),
      );
    }
    if (this.stack.length >= this.limits.depth) {
      this.stop(
        Code.limitDepth,
        `elements are nested more than ${this.limits.depth} deep`,
        this.source.toOriginal(Math.max(0, this.tagStart)),
      );
    }
  }

  /** Report a crossed limit and stop reading: the rest of the text would only cost time. */
  private stop(code: DiagnosticCode, what: string, offset: number): never {
    this.sink.error(code, `${what}; the loader stops reading here (no map is loaded)`, offset);
    throw new LimitExceeded();
  }

  private push(open: OpenElement): void {
    this.stack.push(open);
    const name = open.element.name;
    this.openCounts.set(name, (this.openCounts.get(name) ?? 0) + 1);
  }

  /** Remove the open elements from `index` up. */
  private popTo(index: number): void {
    const stack = this.stack;
    for (let i = stack.length - 1; i >= index; i--) {
      const name = stack[i].element.name;
      this.openCounts.set(name, (this.openCounts.get(name) ?? 1) - 1);
    }
    stack.length = index;
  }

  private onOpenTag(tag: SaxesTagPlain): void {
    const parsed = this.source.parsed;
    const start = this.tagStart;
    const end = this.parser.position;
    this.tagStart = -1;
    this.markupEnd = this.afterMarkup();
    const offset = this.source.toOriginal(start);
    const element: XmlElement = {
      name: tag.name,
      localName: localNameOf(tag.name),
      offset,
      attributes: this.tagAttributes,
      children: [],
      text: '',
      textOffset: -1,
    };
    const malformed = this.reportTagProblems(tag.name, this.stack.length === 0 && this.root === undefined);
    // A broken tag that still ends in `/>` was meant to be self-closing, whatever saxes made of it
    // (an unquoted value takes the `/` of `n=v/>` as part of the value).
    const looseEnd = parsed.slice(end - 2, end) === '/>';
    const selfClosing = tag.isSelfClosing || ((malformed || this.tagUnquoted !== undefined) && looseEnd);
    const last = this.tagAttributes[this.tagAttributes.length - 1];
    if (looseEnd && last !== undefined && last.name === this.tagUnquoted && last.value.endsWith('/')) {
      this.tagAttributes[this.tagAttributes.length - 1] = { ...last, value: last.value.slice(0, -1) };
    }
    const parent = this.stack[this.stack.length - 1];
    let detached = malformed || (parent?.detached ?? false);
    if (parent === undefined) {
      if (this.root === undefined) {
        // Even a broken root tag keeps its content: dropping it would drop the whole map.
        this.root = element;
        detached = false;
      } else {
        this.sink.error(
          Code.xmlAfterRoot,
          `<${tag.name}> comes after the end of the root element <${this.root.name}> and is ignored`,
          offset,
        );
        detached = true;
      }
    } else if (!detached) {
      parent.element.children.push(element);
    }
    if (!selfClosing || tag.isSelfClosing) this.push({ element, detached });
  }

  /**
   * Called by saxes after each attribute value. The raw text tells us where the attribute is: a quoted
   * value cannot contain its own quote, so its opening quote is the previous one; an unquoted value
   * ends just before the character that ended it; the name precedes `=`.
   */
  private onAttribute(name: string, value: string): void {
    const parsed = this.source.parsed;
    const end = this.parser.position - 1;
    const quote = parsed[end];
    const quoted = quote === '"' || quote === "'";
    const valueAt = quoted ? parsed.lastIndexOf(quote, end - 1) + 1 : end - value.length;
    let i = valueAt - (quoted ? 2 : 1);
    while (i > this.tagStart && (parsed[i] === '=' || isBlank(parsed.charCodeAt(i)))) i--;
    const nameStart = i + 1 - name.length;
    const nameAt = nameStart > this.tagStart && parsed.startsWith(name, nameStart) ? nameStart : this.tagStart;
    if (!quoted) this.tagUnquoted = name;
    const offset = this.source.toOriginal(nameAt);
    if (++this.tagAttributeCount > this.limits.attributesPerElement) {
      this.stop(Code.limitAttributes, `an element has more than ${this.limits.attributesPerElement} attributes`, offset);
    }
    const first = this.findTagAttribute(name);
    if (first !== undefined) {
      this.sink.error(
        Code.xmlDuplicateAttribute,
        `the attribute ${name} is given more than once; the first value, "${first.value}", is used`,
        offset,
      );
      return;
    }
    const attribute: XmlAttribute = {
      name,
      localName: localNameOf(name),
      value,
      offset,
      valueOffset: nameAt === this.tagStart ? -1 : this.source.toOriginal(valueAt),
    };
    this.tagAttributeNames?.set(name, attribute);
    this.tagAttributes.push(attribute);
  }

  /** The attribute of the tag being read named `name`. A scan while there are few (most tags have 1-8), a map after. */
  private findTagAttribute(name: string): XmlAttribute | undefined {
    const attributes = this.tagAttributes;
    if (this.tagAttributeNames === undefined) {
      if (attributes.length < 16) {
        for (const attribute of attributes) if (attribute.name === name) return attribute;
        return undefined;
      }
      this.tagAttributeNames = new Map(attributes.map((attribute) => [attribute.name, attribute]));
    }
    return this.tagAttributeNames.get(name);
  }

  /** Report the problems found inside the tag just read; true when it cannot be trusted. */
  private reportTagProblems(tagName: string, isRoot = false): boolean {
    const problems = this.tagProblems;
    this.tagProblems = [];
    if (problems.length === 0) return false;
    const [first] = problems;
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
    this.sink.error(
      Code.xmlMalformedTag,
      `malformed <${tagName}> tag: ${first.message}${more}; check for an unbalanced quote. ${isRoot ? 'Its attributes may be misread' : 'The element is ignored'}`,
      first.offset,
    );
    return true;
  }

  private onCloseTag(tag: SaxesTagPlain): void {
    this.markupEnd = this.afterMarkup();
    if (tag.isSelfClosing) {
      this.popTo(this.stack.length - 1);
      this.closedOne();
      return;
    }
    this.flushClose();
    const offset = this.source.toOriginal(this.source.parsed.lastIndexOf('</', this.parser.position - 1));
    this.pendingClose = { name: tag.name, offset };
  }

  /** A closing tag saxes matched is real once no "unexpected close tag" follows it. */
  private flushClose(): void {
    const pending = this.pendingClose;
    if (pending === undefined) return;
    this.pendingClose = undefined;
    this.applyClose(pending.name, pending.offset);
  }

  /** Close the innermost open element named `name`; a name no open element has is reported and skipped. */
  private applyClose(name: string, offset: number): void {
    const stack = this.stack;
    let index = -1;
    if ((this.openCounts.get(name) ?? 0) > 0) {
      // Everything above the match is closed here, so the scan costs what it removes.
      index = stack.length - 1;
      while (stack[index].element.name !== name) index--;
    }
    if (index < 0) {
      const top = stack[stack.length - 1];
      if (top === undefined) {
        this.sink.error(Code.xmlStrayCloseTag, `unexpected closing tag </${name}>: no element is open`, offset);
      } else {
        this.sink.error(
          Code.xmlMismatchedTag,
          `mismatched closing tag </${name}>: expected </${top.element.name}> (opened on line ${this.source.position(top.element.offset).line}); it is ignored`,
          offset,
        );
      }
      return;
    }
    for (let i = stack.length - 1; i > index; i--) {
      const inner = stack[i].element;
      this.sink.error(
        Code.xmlMismatchedTag,
        `mismatched closing tag </${name}>: expected </${inner.name}> first (opened on line ${this.source.position(inner.offset).line})`,
        offset,
      );
    }
    this.popTo(index);
    this.closedOne();
  }

  private closedOne(): void {
    if (this.stack.length === 0 && this.root !== undefined) this.rootClosed = true;
  }

  private onText(rawText: string, cdata = false): void {
    this.flushClose();
    let text = rawText;
    if (!cdata && this.unmatchedCloseText !== '' && text.startsWith(this.unmatchedCloseText)) {
      text = text.slice(this.unmatchedCloseText.length);
    }
    this.unmatchedCloseText = '';
    const top = this.stack[this.stack.length - 1];
    const blank = !/\S/.test(text);
    let first = this.markupEnd;
    this.markupEnd = this.parser.position;
    if (!blank) {
      const parsed = this.source.parsed;
      if (cdata) first = parsed.lastIndexOf('<![CDATA[', this.parser.position) + 9;
      while (first < parsed.length && isBlank(parsed.charCodeAt(first))) first++;
    }
    if (top === undefined) {
      if (!blank) {
        const where = this.rootClosed ? 'after the root element' : 'outside the root element';
        this.xmlError(`unexpected text ${where}: "${abbreviate(text.trim())}"`, this.source.toOriginal(first));
      }
      return;
    }
    if (top.element.textOffset < 0) {
      if (blank) return;
      top.element.textOffset = this.source.toOriginal(first);
    }
    top.element.text += text;
  }

  private onError(message: string): void {
    if (message === 'unexpected close tag.') {
      // saxes is closing an element the written tag did not name: ours stays open.
      this.pendingClose = undefined;
      return;
    }
    const unmatched = /^unmatched closing tag: (.*)\.$/.exec(message);
    if (unmatched !== null) {
      this.pendingClose = undefined;
      this.unmatchedCloseText = `</${unmatched[1]}>`;
      this.markupEnd = this.afterMarkup();
      this.applyClose(unmatched[1], this.source.toOriginal(this.source.parsed.lastIndexOf('</', this.parser.position - 1)));
      return;
    }
    this.flushClose();
    // Consequences of saxes's own stack handling, or reported by us with better words.
    if (
      message === 'documents may contain only one root.' ||
      message === 'text data outside of root node.' ||
      message === 'document must contain a root element.' ||
      message.startsWith('unclosed tag: ') ||
      message.startsWith('duplicate attribute: ')
    ) {
      return;
    }
    if (this.tagStart >= 0) {
      if (message === 'unquoted attribute value.') {
        // Still readable: saxes takes the value up to the next blank.
        this.sink.error(Code.xmlUnquotedAttribute, 'attribute value is not in quotes: write name="value"', this.here());
        return;
      }
      this.tagProblems.push({ message: message.replace(/\.$/, ''), offset: this.here() });
      return;
    }
    if (message === 'disallowed character in closing tag.') {
      this.xmlError('a closing tag cannot have attributes or text', this.here());
      return;
    }
    this.xmlError(`malformed XML: ${message.replace(/\.$/, '')}`, this.here());
  }

  /** Report an XML error unless the same one was just reported on the same line (saxes repeats per character). */
  private xmlError(message: string, offset: number): void {
    const line = this.source.position(offset).line;
    if (this.lastError !== undefined && this.lastError.message === message && this.lastError.line === line) return;
    this.lastError = { message, line };
    this.sink.error(Code.xmlMalformed, message, offset);
  }
}

/** XML white space: space, tab, line feed, carriage return. */
function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

function abbreviate(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 40 ? `${line.slice(0, 37)}...` : line;
}

/**
 * Parse `source` into an element tree; never throws, problems go to `sink`. Plain well-formed text
 * takes the fast reader (same tree, nothing to report); anything else, saxes and the tree builder.
 */
export function readXml(source: SourceText, sink: DiagnosticSink, limits: LoadLimits): XmlDocument {
  return readXmlFast(source, limits) ?? new TreeBuilder(source, sink, limits).read();
}

/** The saxes-based reader alone (the fast reader's reference in tests). */
export function readXmlFully(source: SourceText, sink: DiagnosticSink, limits: LoadLimits): XmlDocument {
  return new TreeBuilder(source, sink, limits).read();
}

/**
 * Offset in the original text of character `index` of an attribute's decoded value, for diagnostics
 * that point inside a value (e.g. an expression's syntax error). Entities count as one character.
 */
export function offsetInValue(original: string, attribute: XmlAttribute, index: number): number {
  if (attribute.valueOffset < 0) return attribute.offset;
  let raw = attribute.valueOffset;
  for (let decoded = 0; decoded < index && raw < original.length; decoded++) {
    if (original[raw] === '&') {
      const end = original.indexOf(';', raw);
      const entity = end < 0 ? '' : original.slice(raw + 1, end);
      raw = /^(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+)$/.test(entity) ? end + 1 : raw + 1;
    } else if (original[raw] === '\r' && original[raw + 1] === '\n') {
      raw += 2; // attribute-value normalisation turned the pair into one space
    } else {
      raw += 1;
    }
  }
  return raw;
}
