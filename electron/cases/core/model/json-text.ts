/**
 * Reading JSON text with places: where a syntax error is (line and column, which `JSON.parse`
 * on Node 20 does not always say) and where the value at a JSON path starts, so a schema problem
 * in a case or an imported file can be reported as "$.steps[2].then.type (line 14, column 9)".
 *
 * A small scanner that walks the text once; only used to explain problems, never to read values.
 */

interface TextPlace {
  readonly line: number;
  readonly column: number;
}

/** `$`, `$.steps[2].then`, `$["odd key"]`. */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((text, key) => {
    if (typeof key === 'number') return `${text}[${key}]`;
    const name = String(key);
    return /^[A-Za-z_$][\w$]*$/.test(name) ? `${text}.${name}` : `${text}[${JSON.stringify(name)}]`;
  }, '$');
}

/** 1-based line and column of a character offset. */
function placeOf(text: string, offset: number): TextPlace {
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < offset && index < text.length; index += 1) {
    if (text.charCodeAt(index) === 10) {
      line += 1;
      lineStart = index + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

class ScanError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** Walks JSON text, recording the start offset of every value by its formatted path. */
class Scanner {
  private position = 0;
  readonly starts = new Map<string, number>();

  constructor(private readonly text: string) {}

  run(): void {
    this.value([]);
    this.space();
    if (this.position < this.text.length) this.fail('unexpected text after the JSON value');
  }

  private fail(message: string): never {
    throw new ScanError(this.position, message);
  }

  private space(): void {
    while (this.position < this.text.length && ' \t\n\r'.includes(this.text[this.position])) this.position += 1;
  }

  private value(path: (string | number)[]): void {
    this.space();
    this.starts.set(formatJsonPath(path), this.position);
    const char = this.text[this.position];
    if (char === '{') return this.object(path);
    if (char === '[') return this.array(path);
    if (char === '"') return void this.string();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      this.text.slice(this.position, this.position + 400),
    );
    if (!literal)
      this.fail(
        char === undefined ? 'the text ends where a value was expected' : `unexpected ${JSON.stringify(char)} where a value was expected`,
      );
    this.position += literal[0].length;
  }

  private string(): string {
    const start = this.position;
    this.position += 1;
    while (this.position < this.text.length) {
      const char = this.text[this.position];
      if (char === '"') {
        this.position += 1;
        return JSON.parse(this.text.slice(start, this.position)) as string;
      }
      if (char === '\\') this.position += 1;
      else if (char < ' ') this.fail('control character inside a string');
      this.position += 1;
    }
    this.position = start;
    return this.fail('unterminated string');
  }

  private expect(char: string, what: string): void {
    this.space();
    if (this.text[this.position] !== char) this.fail(`expected ${what}`);
    this.position += 1;
  }

  private object(path: (string | number)[]): void {
    this.position += 1;
    this.space();
    if (this.text[this.position] === '}') return void (this.position += 1);
    for (;;) {
      this.space();
      if (this.text[this.position] !== '"') this.fail('expected a property name in double quotes');
      const key = this.string();
      this.expect(':', "':' after a property name");
      this.value([...path, key]);
      this.space();
      const next = this.text[this.position];
      this.position += 1;
      if (next === '}') return;
      if (next !== ',') {
        this.position -= 1;
        this.fail("expected ',' or '}' after a property value");
      }
    }
  }

  private array(path: (string | number)[]): void {
    this.position += 1;
    this.space();
    if (this.text[this.position] === ']') return void (this.position += 1);
    for (let index = 0; ; index += 1) {
      this.value([...path, index]);
      this.space();
      const next = this.text[this.position];
      this.position += 1;
      if (next === ']') return;
      if (next !== ',') {
        this.position -= 1;
        this.fail("expected ',' or ']' after an array item");
      }
    }
  }
}

type JsonParse =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string; readonly place: TextPlace };

/** `JSON.parse`, with the line and column of a syntax error. A leading BOM is allowed. */
export function parseJsonText(text: string): JsonParse {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (error) {
    const scanner = new Scanner(body);
    try {
      scanner.run();
    } catch (scanError) {
      if (scanError instanceof ScanError) return { ok: false, message: scanError.message, place: placeOf(body, scanError.offset) };
    }
    return { ok: false, message: error instanceof Error ? error.message : String(error), place: { line: 1, column: 1 } };
  }
}

/** Where the value at `path` starts in valid JSON text (the nearest existing parent if the path is missing). */
export function locateJsonPath(text: string, path: readonly PropertyKey[]): TextPlace | undefined {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const scanner = new Scanner(body);
  try {
    scanner.run();
  } catch {
    return undefined;
  }
  for (let length = path.length; length >= 0; length -= 1) {
    const offset = scanner.starts.get(formatJsonPath(path.slice(0, length)));
    if (offset !== undefined) return placeOf(body, offset);
  }
  return undefined;
}
