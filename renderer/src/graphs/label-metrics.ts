/**
 * Node labels wrapped and measured before cytoscape sees them, so a node's box is sized from its
 * text and the text stays inside it. The wrap is ours, not cytoscape's: we break only between words,
 * never inside a number (`cap 90%`, `1,250.5`), cap the lines (the full text is in the side panel),
 * and hand cytoscape lines that already fit, so its own wrapping never splits them again.
 */

export interface LabelFont {
  /** Pixels, in graph units (the zoom scales it on screen). */
  readonly size: number;
  readonly family: string;
  /** Line height as a multiple of the size (cytoscape's `line-height`). */
  readonly lineHeight: number;
}

export const LABEL_FONT: LabelFont = { size: 12, family: 'system-ui, "DejaVu Sans", sans-serif', lineHeight: 1.25 };

/** Widest line, in graph units, before a label wraps. */
export const LABEL_MAX_WIDTH = 160;
/** Lines shown on the canvas; longer labels end in an ellipsis. */
const LABEL_MAX_LINES = 4;
/** Space between the text and the node's border. */
export const LABEL_PADDING: LabelPadding = { x: 12, y: 8 };
/** The least space that still keeps text clear of a rounded or cut corner: for graphs short of room. */
export const TIGHT_LABEL_PADDING: LabelPadding = { x: 8, y: 5 };

interface LabelPadding {
  readonly x: number;
  readonly y: number;
}

/**
 * The smallest font size, on screen, that we call legible. Cytoscape stops drawing a label below its
 * `min-zoomed-font-size`; the graph's style sets that to this, and "Fit" never zooms out so far that
 * a label would fall under it.
 */
export const LEGIBLE_FONT_PX = 8;

export type MeasureText = (text: string) => number;

export interface MeasuredLabel {
  /** The label with our line breaks (`\n`): what cytoscape draws. */
  readonly text: string;
  readonly lines: readonly string[];
  /** Size of the text alone, in graph units. */
  readonly textWidth: number;
  readonly textHeight: number;
  /** Size of the node that holds it (text plus padding). */
  readonly w: number;
  readonly h: number;
}

let canvasContext: CanvasRenderingContext2D | null | undefined;

/**
 * Measures text the way cytoscape does (a canvas 2D context with the same font string). Outside a
 * browser (unit tests, the JSON export in Node) an average glyph width stands in.
 */
export function textMeasurer(font: LabelFont = LABEL_FONT): MeasureText {
  if (canvasContext === undefined) {
    canvasContext = typeof document !== 'undefined' ? (document.createElement('canvas').getContext('2d') ?? null) : null;
  }
  const context = canvasContext;
  if (!context) return (text) => text.length * font.size * 0.6;
  const fontString = `normal normal ${font.size}px ${font.family}`;
  const cache = new Map<string, number>();
  return (text) => {
    let width = cache.get(text);
    if (width === undefined) {
      context.font = fontString;
      width = Math.ceil(context.measureText(text).width);
      cache.set(text, width);
    }
    return width;
  };
}

/** Spaces that must not break a line: between a word and the number after it (`cap 90%`, `w 100`). */
export function bindNumbers(text: string): string {
  return text.replace(/(\S) (?=[-+]?\d)/g, '$1\u00a0').replace(/(\d) (?=%)/g, '$1\u00a0');
}

/** Splits a word wider than the line at its punctuation, never between two digits. */
function splitLongWord(word: string, measure: MeasureText, maxWidth: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (let index = 0; index < word.length; index += 1) {
    const char = word[index];
    const next = current + char;
    if (current !== '' && measure(next) > maxWidth) {
      // Walk back to a break that is not inside a number.
      let cut = current.length;
      while (cut > 1 && /\d/.test(current[cut - 1]) && /\d/.test(current[cut] ?? char)) cut -= 1;
      if (cut <= 1) cut = current.length;
      pieces.push(current.slice(0, cut));
      current = current.slice(cut) + char;
    } else current = next;
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

function ellipsize(line: string, measure: MeasureText, maxWidth: number): string {
  let text = line;
  while (text.length > 1 && measure(`${text}…`) > maxWidth) text = text.slice(0, -1);
  return `${text.trimEnd()}…`;
}

/**
 * Wraps one label into at most `maxLines` lines no wider than `maxWidth`. Words are measured one by
 * one (a line's width is the sum of its words and spaces), so a graph of 2,000 labels costs one
 * measurement per distinct word rather than one per candidate line; cytoscape's max width keeps a
 * few pixels of slack for the kerning that sum leaves out.
 */
export function wrapLabel(label: string, measure: MeasureText, maxWidth = LABEL_MAX_WIDTH, maxLines = LABEL_MAX_LINES): string[] {
  const lines: string[] = [];
  const space = measure(' ');
  for (const paragraph of bindNumbers(label).split('\n')) {
    let line = '';
    let width = 0;
    for (const word of paragraph.split(/ +/)) {
      if (word === '') continue;
      const wordWidth = measure(word);
      if (line !== '' && width + space + wordWidth <= maxWidth) {
        line = `${line} ${word}`;
        width += space + wordWidth;
        continue;
      }
      if (line !== '') lines.push(line);
      if (wordWidth <= maxWidth) {
        line = word;
        width = wordWidth;
      } else {
        const pieces = splitLongWord(word, measure, maxWidth);
        lines.push(...pieces.slice(0, -1));
        line = pieces[pieces.length - 1] ?? '';
        width = measure(line);
      }
    }
    lines.push(line);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = ellipsize(kept[maxLines - 1], measure, maxWidth);
  return kept;
}

/** Wraps and measures a label and sizes the node around it. */
export function measureLabel(
  label: string,
  measure: MeasureText,
  font: LabelFont = LABEL_FONT,
  maxWidth = LABEL_MAX_WIDTH,
  maxLines = LABEL_MAX_LINES,
  padding: LabelPadding = LABEL_PADDING,
): MeasuredLabel {
  const lines = wrapLabel(label, measure, maxWidth, maxLines);
  const textWidth = Math.max(1, ...lines.map((line) => measure(line)));
  const textHeight = lines.length * font.size * font.lineHeight;
  return {
    text: lines.join('\n'),
    lines,
    textWidth,
    textHeight,
    w: Math.ceil(textWidth + 2 * padding.x),
    h: Math.ceil(textHeight + 2 * padding.y),
  };
}
