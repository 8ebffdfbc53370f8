/**
 * The map's source text, and the lenient copy of it that the XML parser reads.
 *
 * Real maps contain bare `&` (e.g. `R&D`) and `--` inside comments, which strict XML rejects; the
 * platform's importer accepts both. We therefore hand the parser a copy in which every bare `&` became
 * `&amp;` and comment text has no `-`, and translate every offset the parser reports back to the
 * original text, so that columns on such lines stay right.
 */
import type { SourcePosition } from '../model/types';

/** Number of characters inserted after each bare `&` (`amp;`). */
const INSERTED = 4;

/** The original text, its lenient copy for the parser, and offset-to-position translation. */
export class SourceText {
  /** The text the XML parser reads: the original without a byte-order mark, bare `&` escaped. */
  readonly parsed: string;
  /** Offset in the original of `parsed[0]` (1 when the original starts with a byte-order mark). */
  private readonly base: number;
  /** Offsets in `parsed` of the first inserted character of each escape, ascending. */
  private readonly insertions: number[] = [];
  /**
   * Offsets in the original where each line starts, ascending. A typed array sized by a first count:
   * grown by `push`, a map's thousands of lines left two discarded copies per load for the collector.
   */
  private readonly lineStarts: Int32Array;
  /** The line (0-based) of the last position asked for: positions are mostly asked in file order, so the next is usually on it or the next line. */
  private lastLine = 0;

  constructor(readonly original: string) {
    this.base = original.charCodeAt(0) === 0xfeff ? 1 : 0;
    const body = this.base === 0 ? original : original.slice(1);
    // Pieces joined once: a string grown by `+=` is a rope, and the parser reads a rope several times slower.
    const pieces: string[] = [];
    let copied = 0;
    // One pass with indexOf: CDATA sections and comments are skipped first because `&` means nothing
    // inside them (escaping it in CDATA would change a datasource body).
    let nextAmpersand = body.indexOf('&');
    let nextMarkup = body.indexOf('<!');
    while (nextAmpersand >= 0 || nextMarkup >= 0) {
      if (nextMarkup >= 0 && (nextAmpersand < 0 || nextMarkup < nextAmpersand)) {
        let after = nextMarkup + 2;
        if (body.startsWith('<![CDATA[', nextMarkup)) {
          const end = body.indexOf(']]>', nextMarkup + 9);
          if (end >= 0) after = end + 3;
        } else if (body.startsWith('<!--', nextMarkup)) {
          const end = body.indexOf('-->', nextMarkup + 4);
          if (end >= 0) {
            after = end + 3;
            // Comments are ignored, so their text may change as long as its length does not. Only
            // `--` inside, or a `-` just before the closing `-->`, upsets the parser: most maps need no copy.
            const at = nextMarkup + 4;
            const comment = body.slice(at, end);
            if (comment.includes('--') || comment.endsWith('-')) {
              pieces.push(body.slice(copied, at), comment.replaceAll('-', ' '));
              copied = end;
            }
          }
        }
        nextMarkup = body.indexOf('<!', after);
        if (nextAmpersand >= 0 && nextAmpersand < after) nextAmpersand = body.indexOf('&', after);
      } else {
        const at = nextAmpersand + 1;
        if (!startsEntity(body, at)) {
          pieces.push(body.slice(copied, at), 'amp;');
          this.insertions.push(at + this.insertions.length * INSERTED);
          copied = at;
        }
        nextAmpersand = body.indexOf('&', at);
      }
    }
    if (copied > 0) pieces.push(body.slice(copied));
    this.parsed = copied === 0 ? body : pieces.join('');
    this.lineStarts = lineStartsOf(original);
  }

  /** Offset in the original text of offset `parsedOffset` of {@link parsed}. */
  toOriginal(parsedOffset: number): number {
    const insertions = this.insertions;
    // Most maps need no escapes: every offset is the same in both.
    if (insertions.length === 0) return parsedOffset + this.base;
    // Binary search: number of escapes that start at or before parsedOffset.
    let low = 0;
    let high = insertions.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (insertions[middle] <= parsedOffset) low = middle + 1;
      else high = middle;
    }
    let offset = parsedOffset - low * INSERTED;
    // Inside an inserted `amp;`: point at the `&` it follows.
    if (low > 0 && parsedOffset < insertions[low - 1] + INSERTED) offset = insertions[low - 1] - (low - 1) * INSERTED - 1;
    return offset + this.base;
  }

  /** 1-based line and column (in UTF-16 code units) of an offset into the original text. */
  position(offset: number): SourcePosition {
    const clamped = Math.max(0, Math.min(offset, this.original.length));
    const starts = this.lineStarts;
    const last = starts.length - 1;
    let low = this.lastLine;
    // On the last line asked for, or the one after; else a binary search for the last start at or before the offset.
    if (!(starts[low] <= clamped && (low === last || clamped < starts[low + 1]))) {
      low++;
      if (!(low <= last && starts[low] <= clamped && (low === last || clamped < starts[low + 1]))) {
        low = 0;
        let high = last;
        while (low < high) {
          const middle = (low + high + 1) >>> 1;
          if (starts[middle] <= clamped) low = middle;
          else high = middle - 1;
        }
      }
    }
    this.lastLine = low;
    return { line: low + 1, column: clamped - starts[low] + 1 };
  }
}

/**
 * Where line starts are collected before they are copied out at their exact count: kept between
 * loads, so one pass over the text suffices and nothing grows on the collector's heap.
 */
let scratchStarts: Int32Array = new Int32Array(4096);

/** Offsets where each line of `text` starts: `\r\n`, `\n` and a lone `\r` each end a line (as the XML parser counts them). */
function lineStartsOf(text: string): Int32Array {
  let starts = scratchStarts;
  let count = 1;
  starts[0] = 0;
  if (!text.includes('\r')) {
    for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', newline + 1)) {
      if (count === starts.length) starts = growScratch();
      starts[count++] = newline + 1;
    }
  } else {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) {
        if (count === starts.length) starts = growScratch();
        starts[count++] = i + 1;
      }
    }
  }
  return starts.slice(0, count);
}

/** {@link scratchStarts} with twice the room, its content kept. */
function growScratch(): Int32Array {
  const grown = new Int32Array(scratchStarts.length * 2);
  grown.set(scratchStarts);
  scratchStarts = grown;
  return grown;
}

const NAMED_ENTITIES = ['amp;', 'lt;', 'gt;', 'quot;', 'apos;'];

/** Whether `text` at `at` (just after an `&`) holds one of XML's five named entities or a character reference. */
function startsEntity(text: string, at: number): boolean {
  if (text.charCodeAt(at) !== 35 /* # */) return NAMED_ENTITIES.some((name) => text.startsWith(name, at));
  const hex = text.charCodeAt(at + 1) === 120; /* x */
  let i = at + (hex ? 2 : 1);
  const first = i;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const digit = code >= 48 && code <= 57;
    const hexLetter = hex && ((code >= 97 && code <= 102) || (code >= 65 && code <= 70));
    if (!digit && !hexLetter) break;
  }
  return i > first && text.charCodeAt(i) === 59; /* ; */
}
