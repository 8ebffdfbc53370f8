/**
 * The map's source text, and the lenient copy of it that the XML parser reads.
 *
 * Real maps contain bare `&` (e.g. `R&D`) and `--` inside comments, which strict XML rejects; the
 * platform's importer accepts both. We therefore hand the parser a copy in which every bare `&` became
 * `&amp;` and comment text has no `-`, and translate every offset the parser reports back to the
 * original text, so that columns on such lines stay right.
 */
import type { SourcePosition } from '../model/types';

/**
 * `&` not starting one of XML's five named entities or a character reference. CDATA sections and
 * comments are matched first because `&` means nothing inside them: escaping it in CDATA would change
 * a datasource body.
 */
const BARE_AMPERSAND = /<!\[CDATA\[[\s\S]*?\]\]>|<!--([\s\S]*?)-->|&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)/g;

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
  /** Offsets in the original where each line starts, ascending. */
  private readonly lineStarts: number[] = [0];

  constructor(readonly original: string) {
    this.base = original.charCodeAt(0) === 0xfeff ? 1 : 0;
    const body = this.base === 0 ? original : original.slice(1);
    // Pieces joined once: a string grown by `+=` is a rope, and the parser reads a rope several times slower.
    const pieces: string[] = [];
    let copied = 0;
    for (const match of body.matchAll(BARE_AMPERSAND)) {
      const comment = match[1];
      if (comment !== undefined) {
        // Comments are ignored, so their text may change as long as its length does not.
        if (!comment.includes('-')) continue;
        const at = match.index + 4;
        pieces.push(body.slice(copied, at), comment.replaceAll('-', ' '));
        copied = at + comment.length;
      } else if (match[0] === '&') {
        const at = match.index + 1;
        pieces.push(body.slice(copied, at), 'amp;');
        this.insertions.push(at + this.insertions.length * INSERTED);
        copied = at;
      }
    }
    if (copied > 0) pieces.push(body.slice(copied));
    this.parsed = copied === 0 ? body : pieces.join('');
    for (let i = 0; i < original.length; i++) {
      const code = original.charCodeAt(i);
      // \r\n, \n and a lone \r each end a line (as the XML parser counts them).
      if (code === 10 || (code === 13 && original.charCodeAt(i + 1) !== 10)) this.lineStarts.push(i + 1);
    }
  }

  /** Offset in the original text of offset `parsedOffset` of {@link parsed}. */
  toOriginal(parsedOffset: number): number {
    const insertions = this.insertions;
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
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (starts[middle] <= clamped) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: clamped - starts[low] + 1 };
  }
}
