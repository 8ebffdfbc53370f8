/**
 * A fast reader for the plain, well-formed XML nearly every map is: the same element tree as the
 * saxes-based reader (`xml-reader.ts`), built by scanning the text with `indexOf` and character
 * codes instead of saxes's per-character state machine and events (the tree builder on saxes took
 * 2-3x a bare saxes parse).
 *
 * It accepts only a conservative subset of XML (ASCII names, the XML declaration in its plain form,
 * comments, the five named entities and character references, no DOCTYPE, CDATA or processing
 * instruction) and gives up on anything else, and on every problem the full reader would report
 * (malformed or unbalanced markup, a repeated attribute, a crossed load limit, text outside the
 * root): `readXmlFast` then returns undefined and the full reader reads the text and reports. So a
 * text it accepts has no XML diagnostics, and its tree is the one the full reader builds
 * (`fast-xml.test.ts` compares them on every sample and on mutated copies).
 */
import type { LoadLimits } from './limits';
import { SCHEMA } from './schema';
import type { SourceText } from './source-text';
import type { XmlAttribute, XmlDocument, XmlElement } from './xml-reader';

/**
 * Characters XML forbids, and any surrogate (paired ones are left to the full reader). Looked for in
 * each piece of text, value and comment as it is read, not in a pass of its own.
 */
const FORBIDDEN = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\ud800-\\udfff\\ufffe\\uffff';
/** In a comment, only a forbidden character matters. */
const COMMENT_TO_CHECK = new RegExp(`[${FORBIDDEN}]`);
/** Text to decode (an entity, a carriage return) or to check (a forbidden character, `]]>`). */
const TEXT_TO_DECODE = new RegExp(`[&\\r\\]${FORBIDDEN}]`);
/** Values to decode (an entity, a character made a space) or to check (`<`, a forbidden character). */
const VALUE_TO_DECODE = new RegExp(`[<&\\r\\n\\t${FORBIDDEN}]`);

/** The XML declaration in the plain form maps are written with; any other `<?` is left to the full reader. */
const XML_DECLARATION =
  /^<\?xml version=(["'])1\.0\1(?: encoding=(["'])[A-Za-z][A-Za-z0-9._-]*\2)?(?: standalone=(["'])(?:yes|no)\3)? ?\?>/;

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Thrown inside the scan when the text needs the full reader. */
class GiveUp extends Error {}
const GIVE_UP = new GiveUp();

/** XML white space: space, tab, line feed, carriage return. */
function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

function isNameStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code === 58;
}

/**
 * 1 at the ASCII codes a name may continue with: one load per character instead of a chain of
 * comparisons, on the loop that reads every element and attribute name.
 */
const NAME_CHARS = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  if (isNameStart(code) || (code >= 48 && code <= 57) || code === 45 || code === 46) NAME_CHARS[code] = 1;
}

/** Whether `text[at, at + written.length)` is `written`, compared code by code (`startsWith` with an offset is a slow builtin call for names this short). */
function writtenAt(text: string, at: number, written: string): boolean {
  for (let index = 0; index < written.length; index++) if (text.charCodeAt(at + index) !== written.charCodeAt(index)) return false;
  return true;
}

/**
 * Element and attribute names RBLang uses, each one string: a map names a few dozen things thousands
 * of times, and a slice per name was a fifth of what reading the tree allocated.
 */
/** A name RBLang uses, and its local part. */
interface KnownName {
  readonly name: string;
  readonly localName: string;
}

/** Known names by length and first character code (index `length * 128 + code`): an array, read faster than a map. */
let knownNames: (KnownName[] | undefined)[] | undefined;

/** Made on first use: the schema module imports this one's importer, so it may not be ready when this loads. */
function makeKnownNames(): (KnownName[] | undefined)[] {
  const names = new Set<string>(['rbl:kb', 'xmlns:rbl', 'xmlns']);
  for (const [element, spec] of Object.entries(SCHEMA)) {
    names.add(element);
    for (const attribute of spec.attributes) names.add(attribute);
  }
  const byKey: (KnownName[] | undefined)[] = [];
  for (const name of names) {
    const key = name.length * 128 + name.charCodeAt(0);
    byKey[key] = [...(byKey[key] ?? []), { name, localName: localNameOf(name) }];
  }
  return byKey;
}

/** The known name written at `text[start, end)`, found without copying it out; undefined for another name. */
function knownName(text: string, start: number, end: number): KnownName | undefined {
  const candidates = (knownNames ??= makeKnownNames())[(end - start) * 128 + text.charCodeAt(start)];
  if (candidates !== undefined) for (const known of candidates) if (writtenAt(text, start, known.name)) return known;
  return undefined;
}

function localNameOf(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** Whether XML allows the character `code` (a character reference to anything else is an error). */
function isXmlChar(code: number): boolean {
  return (
    code === 9 ||
    code === 10 ||
    code === 13 ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** The character of the entity written `&name;`. */
function entity(name: string): string {
  const named = NAMED_ENTITIES[name];
  if (named !== undefined) return named;
  let code = NaN;
  if (/^#[0-9]+$/.test(name)) code = Number(name.slice(1));
  else if (/^#x[0-9a-fA-F]+$/.test(name)) code = parseInt(name.slice(2), 16);
  if (!isXmlChar(code)) throw GIVE_UP;
  return String.fromCodePoint(code);
}

/**
 * Decoded text of `raw` as saxes gives it: entities replaced, and line ends (`\r\n`, `\r`) made `\n`
 * in text, or every `\t`, `\n`, `\r\n` and `\r` made one space in an attribute value.
 */
function decode(raw: string, attribute: boolean): string {
  if (!attribute && raw.includes(']]>')) throw GIVE_UP;
  let out = '';
  let copied = 0;
  for (let index = 0; index < raw.length; index++) {
    const code = raw.charCodeAt(index);
    if (code === 38 /* & */) {
      const semicolon = raw.indexOf(';', index);
      if (semicolon < 0) throw GIVE_UP;
      out += raw.slice(copied, index) + entity(raw.slice(index + 1, semicolon));
      index = semicolon;
      copied = index + 1;
    } else if (
      (code < 0x20 && code !== 9 && code !== 10 && code !== 13) ||
      (code >= 0xd800 && code <= 0xdfff) ||
      code >= 0xfffe ||
      (attribute && code === 60) /* < */
    ) {
      throw GIVE_UP;
    } else if (code === 13 || (attribute && (code === 10 || code === 9))) {
      out += raw.slice(copied, index) + (attribute ? ' ' : '\n');
      if (code === 13 && raw.charCodeAt(index + 1) === 10) index++;
      copied = index + 1;
    }
  }
  return copied === 0 ? raw : out + raw.slice(copied);
}

class FastReader {
  private readonly text: string;
  private at = 0;
  private readonly stack: XmlElement[] = [];
  private root: XmlElement | undefined;
  private rootClosed = false;
  private elementCount = 0;
  /**
   * The attributes of the tag being read are the first `tagAttributeCount` here, copied out at its
   * end. The array is reused and never shortened (shortening frees its room): an array grown by
   * `push` reserves room for 16 or more, and every element has one.
   */
  private readonly tagAttributes: XmlAttribute[] = [];
  private tagAttributeCount = 0;
  /** The names of the attributes of the tag being read, once it has many. */
  private tagNames: Set<string> | undefined;

  constructor(
    private readonly source: SourceText,
    private readonly limits: LoadLimits,
  ) {
    this.text = source.parsed;
  }

  read(): XmlDocument {
    const text = this.text;
    if (text.startsWith('<?')) {
      const declaration = XML_DECLARATION.exec(text);
      if (declaration === null) throw GIVE_UP;
      this.at = declaration[0].length;
    }
    for (;;) {
      const start = this.at;
      const open = text.indexOf('<', start);
      const end = open < 0 ? text.length : open;
      if (end > start) this.addText(start, end);
      if (open < 0) break;
      const next = text.charCodeAt(open + 1);
      if (next === 33 /* ! */) this.comment(open);
      else if (next === 47 /* / */) this.closeTag(open);
      else this.openTag(open);
    }
    if (this.root === undefined || this.stack.length > 0) throw GIVE_UP;
    return { root: this.root, stopped: false };
  }

  private comment(open: number): void {
    const text = this.text;
    if (!text.startsWith('<!--', open)) throw GIVE_UP;
    const close = text.indexOf('-->', open + 4);
    // `--` inside a comment, or `-` just before its end, is malformed.
    if (close < 0 || text.indexOf('--', open + 4) !== close) throw GIVE_UP;
    if (COMMENT_TO_CHECK.test(text.slice(open + 4, close))) throw GIVE_UP;
    this.at = close + 3;
  }

  /** Scans a name at `at`; returns where it ends. */
  private nameEnd(at: number): number {
    const text = this.text;
    if (!isNameStart(text.charCodeAt(at))) throw GIVE_UP;
    let end = at + 1;
    let code = text.charCodeAt(end);
    // NaN past the end fails the first test.
    while (code < 128 && NAME_CHARS[code] === 1) code = text.charCodeAt(++end);
    // A name character outside ASCII is left to the full reader.
    if (code > 0x7f) throw GIVE_UP;
    return end;
  }

  private skipBlanks(at: number): number {
    const text = this.text;
    while (isBlank(text.charCodeAt(at))) at++;
    return at;
  }

  private closeTag(open: number): void {
    const text = this.text;
    const nameEnd = this.nameEnd(open + 2);
    const close = this.skipBlanks(nameEnd);
    const top = this.stack[this.stack.length - 1];
    if (
      text.charCodeAt(close) !== 62 /* > */ ||
      top === undefined ||
      top.name.length !== nameEnd - open - 2 ||
      !writtenAt(text, open + 2, top.name)
    )
      throw GIVE_UP;
    this.stack.pop();
    if (this.stack.length === 0) this.rootClosed = true;
    this.at = close + 1;
  }

  private openTag(open: number): void {
    const text = this.text;
    const limits = this.limits;
    if (this.rootClosed || ++this.elementCount > limits.elements || this.stack.length >= limits.depth) throw GIVE_UP;
    const nameEnd = this.nameEnd(open + 1);
    const known = knownName(text, open + 1, nameEnd);
    const name = known?.name ?? text.slice(open + 1, nameEnd);
    this.tagAttributeCount = 0;
    this.tagNames = undefined;
    let at = nameEnd;
    let selfClosing = false;
    for (;;) {
      const blankAt = at;
      at = this.skipBlanks(at);
      const code = text.charCodeAt(at);
      if (code === 62 /* > */) {
        at++;
        break;
      }
      if (code === 47 /* / */) {
        if (text.charCodeAt(at + 1) !== 62) throw GIVE_UP;
        selfClosing = true;
        at += 2;
        break;
      }
      // An attribute must follow white space.
      if (at === blankAt) throw GIVE_UP;
      at = this.attribute(at);
    }
    const source = this.source;
    const element: XmlElement = {
      name,
      localName: known?.localName ?? localNameOf(name),
      offset: source.toOriginal(open),
      attributes: this.tagAttributes.slice(0, this.tagAttributeCount),
      children: [],
      text: '',
      textOffset: -1,
    };
    const parent = this.stack[this.stack.length - 1];
    if (parent === undefined) this.root = element;
    else parent.children.push(element);
    if (!selfClosing) this.stack.push(element);
    this.at = at;
  }

  /** Reads the attribute whose name starts at `nameStart` into the tag's attributes; returns where it ends. */
  private attribute(nameStart: number): number {
    const text = this.text;
    const nameEnd = this.nameEnd(nameStart);
    let at = this.skipBlanks(nameEnd);
    if (text.charCodeAt(at) !== 61 /* = */) throw GIVE_UP;
    at = this.skipBlanks(at + 1);
    const quote = text[at];
    if (quote !== '"' && quote !== "'") throw GIVE_UP;
    const valueAt = at + 1;
    const close = text.indexOf(quote, valueAt);
    if (close < 0) throw GIVE_UP;
    const raw = text.slice(valueAt, close);
    const known = knownName(text, nameStart, nameEnd);
    const name = known?.name ?? text.slice(nameStart, nameEnd);
    const count = this.tagAttributeCount;
    if (count >= this.limits.attributesPerElement || this.repeats(name)) throw GIVE_UP;
    const source = this.source;
    this.tagAttributeCount = count + 1;
    this.tagAttributes[count] = {
      name,
      localName: known?.localName ?? localNameOf(name),
      value: VALUE_TO_DECODE.test(raw) ? decode(raw, true) : raw,
      offset: source.toOriginal(nameStart),
      valueOffset: source.toOriginal(valueAt),
    };
    return close + 1;
  }

  /** Whether the tag already has an attribute named `name`: a scan while there are few (most tags have 1-8), a set after. */
  private repeats(name: string): boolean {
    const attributes = this.tagAttributes;
    const count = this.tagAttributeCount;
    if (count < 16) {
      for (let index = 0; index < count; index++) if (attributes[index].name === name) return true;
      return false;
    }
    if (this.tagNames === undefined) this.tagNames = new Set(attributes.slice(0, count).map((attribute) => attribute.name));
    if (this.tagNames.has(name)) return true;
    this.tagNames.add(name);
    return false;
  }

  /** Text from `start` to `end`, which follows markup (or the declaration) and precedes `<` or the end. */
  private addText(start: number, end: number): void {
    const text = this.text;
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) {
      // Outside the root only white space is allowed.
      for (let index = start; index < end; index++) if (!isBlank(text.charCodeAt(index))) throw GIVE_UP;
      return;
    }
    const firstNonBlank = this.skipBlanks(start);
    // Blank pieces before the element's first text are dropped (see XmlElement.text).
    if (top.textOffset < 0 && firstNonBlank >= end) return;
    const raw = text.slice(start, end);
    const decoded = TEXT_TO_DECODE.test(raw) ? decode(raw, false) : raw;
    if (top.textOffset < 0) {
      // Character references can still make it blank.
      if (!/\S/.test(decoded)) return;
      top.textOffset = this.source.toOriginal(firstNonBlank);
    }
    top.text += decoded;
  }
}

/**
 * The element tree of `source`, when it is plain well-formed XML within `limits`; undefined when the
 * full reader must read it (it then also reports what is wrong).
 */
export function readXmlFast(source: SourceText, limits: LoadLimits): XmlDocument | undefined {
  try {
    return new FastReader(source, limits).read();
  } catch (error) {
    if (error === GIVE_UP) return undefined;
    throw error;
  }
}
