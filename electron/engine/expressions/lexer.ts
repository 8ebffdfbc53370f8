/**
 * On-demand tokenizer for RBLang expressions.
 *
 * It is pulled by the parser one token at a time (with one token of look-ahead) rather than run
 * up front, because the relationship argument of a list function is *raw text* — it may be an
 * unquoted multi-word name such as `has loan amount` or contain an apostrophe — and must be read
 * with {@link Lexer.readRawArgument} instead of being tokenized.
 */
import type { CompareOp, LogicOp } from './ast';
import { parseIsoDate } from './iso-date';

/** Single-character punctuation and arithmetic tokens. */
export type SymbolText = '(' | ')' | ',' | '+' | '-' | '*' | '/';

interface TokenSpan {
  readonly start: number;
  readonly end: number;
}

/** A token; `end` is exclusive. */
export type Token =
  | (TokenSpan & { readonly kind: 'number'; readonly value: number })
  | (TokenSpan & { readonly kind: 'string'; readonly value: string })
  | (TokenSpan & { readonly kind: 'date'; readonly value: number })
  | (TokenSpan & { readonly kind: 'truth'; readonly value: boolean })
  | (TokenSpan & { readonly kind: 'variable'; readonly name: string })
  | (TokenSpan & { readonly kind: 'word'; readonly word: string })
  | (TokenSpan & { readonly kind: 'compare'; readonly op: CompareOp; readonly text: string })
  | (TokenSpan & { readonly kind: 'logic'; readonly op: LogicOp })
  | (TokenSpan & { readonly kind: 'symbol'; readonly symbol: SymbolText })
  | (TokenSpan & { readonly kind: 'end' });

/** A lexical error; the parser turns it into a failed ParseResult. */
export class ExpressionSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/**
 * Word aliases of the comparison operators, longest first so that `is greater than or equal to`
 * wins over `is greater than`. Matching is case-insensitive and needs whole words.
 */
const WORD_OPERATORS: readonly { words: readonly string[]; op: CompareOp }[] = [
  ['is greater than or equal to', '>='],
  ['is less than or equal to', '<='],
  ['greater than or equal to', '>='],
  ['less than or equal to', '<='],
  ['is not equal to', '!='],
  ['is greater than', '>'],
  ['does not equal', '!='],
  ['is less than', '<'],
  ['is equal to', '='],
  ['greater than', '>'],
  ['less than', '<'],
  ['equals', '='],
  ['gte', '>='],
  ['lte', '<='],
  ['gt', '>'],
  ['lt', '<'],
].map(([phrase, op]) => ({ words: phrase.split(' '), op: op as CompareOp }));

/**
 * The phrases by their first word, each list in the order above. A phrase can only match where its
 * first word is the whole word written (its words are letters, and a letter may not follow), so a word
 * is tried only against the phrases it starts: trying all sixteen was a fifth of parsing a large map's expressions.
 */
const OPERATORS_BY_FIRST_WORD: ReadonlyMap<string, readonly { words: readonly string[]; op: CompareOp }[]> = (() => {
  const byWord = new Map<string, { words: readonly string[]; op: CompareOp }[]>();
  for (const operator of WORD_OPERATORS) {
    const list = byWord.get(operator.words[0]);
    if (list === undefined) byWord.set(operator.words[0], [operator]);
    else list.push(operator);
  }
  return byWord;
})();

/** The length of the longest word {@link Lexer} reads as more than a word: `greater`. */
const LONGEST_KEYWORD = Math.max(...[...OPERATORS_BY_FIRST_WORD.keys()].map((word) => word.length), 'false'.length);

/** Symbolic comparison operators, two-character ones first. `==` and `<>` are accepted extras. */
const SYMBOL_OPERATORS: readonly [string, CompareOp][] = [
  ['>=', '>='],
  ['<=', '<='],
  ['!=', '!='],
  ['<>', '!='],
  ['==', '='],
  ['=', '='],
  ['>', '>'],
  ['<', '<'],
];

const ISO_LITERAL = /\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?Z?)?/y;
const NUMBER = /(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/y;

/** `[A-Za-z0-9_]` by character code (maps hold thousands of expressions: no regex per character). */
function isWordCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95;
}

/**
 * Whether `text` at `at` holds `word` (lower-case ASCII letters) in any letter case, compared code by
 * code instead of lower-casing a slice: each of the operator phrases is tried at every comparison word.
 */
function startsWithIgnoringCase(text: string, word: string, at: number): boolean {
  if (at + word.length > text.length) return false;
  // `| 0x20` lower-cases an ASCII capital and maps no other character onto a lower-case letter.
  for (let k = 0; k < word.length; k++) if ((text.charCodeAt(at + k) | 0x20) !== word.charCodeAt(k)) return false;
  return true;
}

function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isSpace(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const code = ch.charCodeAt(0);
  // ASCII answered directly; the rest by the regex, which knows every Unicode space.
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return /\s/.test(ch);
}

/** Pull-style lexer over one expression text. */
export class Lexer {
  private pos = 0;
  private lookahead: Token | undefined;

  constructor(readonly text: string) {}

  /** The next token, without consuming it. */
  peek(): Token {
    if (this.lookahead === undefined) this.lookahead = this.scan();
    return this.lookahead;
  }

  /** Consume and return the next token. */
  next(): Token {
    const token = this.peek();
    this.lookahead = undefined;
    return token;
  }

  /**
   * Read a list-function argument as raw text: a quoted string (quotes stripped, `\'` unescaped),
   * or everything up to the next top-level `,` or `)`, trimmed. Used for relationship names and for
   * unquoted instance names; `what` names the argument in the error for an empty one.
   */
  readRawArgument(what = 'relationship name'): { name: string; start: number; end: number } {
    // Rewind over a peeked token: the raw reader must see the characters themselves.
    if (this.lookahead !== undefined) {
      this.pos = this.lookahead.start;
      this.lookahead = undefined;
    }
    this.skipSpace();
    const start = this.pos;
    const quote = this.text[start];
    if (quote === "'" || quote === '"') {
      const name = this.readQuoted(quote);
      return { name, start, end: this.pos };
    }
    let depth = 0;
    let i = start;
    for (; i < this.text.length; i++) {
      const ch = this.text[i];
      if (ch === '(') depth++;
      else if (ch === ')') {
        if (depth === 0) break;
        depth--;
      } else if (ch === ',' && depth === 0) break;
    }
    const raw = this.text.slice(start, i);
    const name = raw.trim();
    if (name === '') throw new ExpressionSyntaxError(`Missing ${what} in list function`, start);
    this.pos = i;
    return { name, start, end: start + raw.trimEnd().length };
  }

  private skipSpace(): void {
    const text = this.text;
    let pos = this.pos;
    for (let code = text.charCodeAt(pos); code === 32 || (code >= 9 && code <= 13) || (code >= 128 && isSpace(text[pos]));) {
      code = text.charCodeAt(++pos);
    }
    this.pos = pos;
  }

  private scan(): Token {
    this.skipSpace();
    const text = this.text;
    const start = this.pos;
    if (start >= text.length) return { kind: 'end', start, end: start };
    // Dispatched on the character's code: maps hold thousands of expressions, a regex test per token showed.
    const code = text.charCodeAt(start);
    if (code === 39 /* ' */) {
      const value = this.readQuoted("'");
      return { kind: 'string', value, start, end: this.pos };
    }
    if (code === 37 /* % */) return this.scanVariable(start);
    if (isDigitCode(code) || (code === 46 /* . */ && isDigitCode(text.charCodeAt(start + 1)))) return this.scanNumberOrDate(start);
    if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95) return this.scanWord(start);

    const ch = text[start];
    // `(),+-*/` first: no comparison operator starts with one of them, and they are most of the symbols.
    if (code === 40 || code === 41 || code === 44 || code === 43 || code === 45 || code === 42 || code === 47) {
      this.pos = start + 1;
      return { kind: 'symbol', symbol: ch as SymbolText, start, end: this.pos };
    }
    for (const [symbol, op] of SYMBOL_OPERATORS) {
      if (text.startsWith(symbol, start)) {
        this.pos = start + symbol.length;
        return { kind: 'compare', op, text: symbol, start, end: this.pos };
      }
    }
    if (ch === '"') throw new ExpressionSyntaxError('Strings must be in single quotes', start);
    throw new ExpressionSyntaxError(`Unexpected character '${ch}'`, start);
  }

  /** Read a quoted string starting at the opening quote. Only `\<quote>` is an escape: other
   *  backslashes are kept verbatim because regexCount patterns (`'/\bAUD\b/'`) rely on them. */
  private readQuoted(quote: string): string {
    const start = this.pos;
    const text = this.text;
    // Copied in runs between escapes, not character by character.
    let out = '';
    let from = start + 1;
    for (let i = from; i < text.length; i++) {
      const ch = text[i];
      if (ch === '\\' && text[i + 1] === quote) {
        out += text.slice(from, i) + quote;
        from = i + 2;
        i++;
        continue;
      }
      if (ch === quote) {
        this.pos = i + 1;
        return out + text.slice(from, i);
      }
    }
    throw new ExpressionSyntaxError(
      quote === "'" ? 'Unbalanced single quote in expression' : 'Unbalanced double quote in expression',
      start,
    );
  }

  private scanVariable(start: number): Token {
    // `[A-Za-z_][A-Za-z0-9_]*` by character codes: a regex's match array per variable showed in loads.
    const first = this.text.charCodeAt(start + 1);
    if (!isWordCode(first) || isDigitCode(first)) throw new ExpressionSyntaxError("'%' must be followed by a variable name", start);
    const end = this.wordEnd(start + 1);
    this.pos = end;
    return { kind: 'variable', name: this.text.slice(start + 1, end), start, end };
  }

  private scanNumberOrDate(start: number): Token {
    const plain = this.plainWholeNumber(start);
    if (plain !== undefined) return plain;
    ISO_LITERAL.lastIndex = start;
    const iso = ISO_LITERAL.exec(this.text);
    if (iso !== null && !isWordCode(this.text.charCodeAt(start + iso[0].length))) {
      const value = parseIsoDate(iso[0]);
      if (value === undefined) throw new ExpressionSyntaxError(`Invalid date literal '${iso[0]}'`, start);
      this.pos = start + iso[0].length;
      return { kind: 'date', value, start, end: this.pos };
    }
    NUMBER.lastIndex = start;
    const m = NUMBER.exec(this.text);
    // The pattern matches at any digit or ".digit", which is how scan() dispatches here.
    const raw = m === null ? '' : m[0];
    const end = start + raw.length;
    if (raw === '' || isWordCode(this.text.charCodeAt(end)) || this.text.charCodeAt(end) === 46 /* . */) {
      throw new ExpressionSyntaxError('Malformed number', start);
    }
    this.pos = end;
    return { kind: 'number', value: Number(raw), start, end };
  }

  /**
   * A run of at most 15 digits followed by nothing a number or date could continue with (`.`, `-`,
   * a letter, a digit or `_`): most numbers in maps (`0`, `1`, `100`). Read digit by digit, exact as
   * `Number` reads it below 2^53, without the two regular expressions and their match arrays; anything
   * else is left to the general reading (undefined).
   */
  private plainWholeNumber(start: number): Token | undefined {
    const text = this.text;
    let value = 0;
    let end = start;
    for (let code = text.charCodeAt(end); isDigitCode(code); code = text.charCodeAt(++end)) value = value * 10 + (code - 48);
    const next = text.charCodeAt(end);
    if (end === start || end - start > 15 || next === 46 /* . */ || next === 45 /* - */ || isWordCode(next)) return undefined;
    this.pos = end;
    return { kind: 'number', value, start, end };
  }

  /** End of the word (`[A-Za-z_][A-Za-z0-9_]*`) that starts at `start`. */
  private wordEnd(start: number): number {
    let end = start + 1;
    while (end < this.text.length && isWordCode(this.text.charCodeAt(end))) end++;
    return end;
  }

  private scanWord(start: number): Token {
    const end = this.wordEnd(start);
    const word = this.text.slice(start, end);
    // No operator, `and`, `or`, `true` or `false` is longer than `greater`: a longer word (a function
    // name, mostly) is a word, without a lower-cased copy and a lookup.
    if (end - start > LONGEST_KEYWORD) {
      this.pos = end;
      return { kind: 'word', word, start, end };
    }
    const lower = word.toLowerCase();
    const phrases = OPERATORS_BY_FIRST_WORD.get(lower);
    if (phrases !== undefined) {
      const operator = this.matchWordOperator(start, phrases);
      if (operator !== undefined) return operator;
    }
    this.pos = end;
    if (lower === 'and' || lower === 'or') return { kind: 'logic', op: lower, start, end };
    if (lower === 'true' || lower === 'false') return { kind: 'truth', value: lower === 'true', start, end };
    return { kind: 'word', word, start, end };
  }

  /** Match the longest comparison phrase at `start` (words separated by any whitespace). */
  private matchWordOperator(start: number, phrases: readonly { words: readonly string[]; op: CompareOp }[]): Token | undefined {
    for (const { words, op } of phrases) {
      const end = this.matchPhrase(start, words);
      if (end !== undefined) {
        this.pos = end;
        return { kind: 'compare', op, text: this.text.slice(start, end), start, end };
      }
    }
    return undefined;
  }

  private matchPhrase(start: number, words: readonly string[]): number | undefined {
    let i = start;
    for (let w = 0; w < words.length; w++) {
      if (w > 0) {
        if (!isSpace(this.text[i])) return undefined;
        while (isSpace(this.text[i])) i++;
      }
      const word = words[w];
      if (!startsWithIgnoringCase(this.text, word, i)) return undefined;
      i += word.length;
      if (isWordCode(this.text.charCodeAt(i))) return undefined;
    }
    return i;
  }
}
