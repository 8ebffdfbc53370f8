/**
 * regexCount(value, '/pattern/flags'): the number of matches, or a negative error code.
 *
 * Compiled patterns are cached by their literal text, so static patterns compile once and dynamic
 * ones (`'/' + %A + '/i'`) once per distinct text. All matches are counted whether or not the
 * pattern has the `g` flag (the documented `'/cat/i'` example counts every occurrence).
 *
 * -7 (timeout) is never produced: a JavaScript RegExp cannot be interrupted once running. Instead
 * catastrophic patterns are refused up front (-1) and inputs are bounded (-5), which together keep
 * matching linear-ish on the inputs that get through.
 */
import { numberValue, toText } from '../values';
import { fixedArity } from './scalar';
import type { ScalarDefinition } from './types';

/** The platform's documented error codes. */
export const REGEX_ERROR = {
  unsafe: -1,
  evaluationFailed: -2,
  invalidSyntax: -3,
  patternTooLong: -4,
  inputTooLong: -5,
  badFormat: -6,
  timeout: -7,
} as const;

const MAX_PATTERN = 500;
const MAX_INPUT = 10_000;
const CACHE_LIMIT = 1000;
const LITERAL = /^\/([\s\S]*)\/([A-Za-z]*)$/;

const cache = new Map<string, RegExp | number>();

/** True when the pattern contains an escaped plus (`\+`), which the platform rejects. */
function hasEscapedPlus(body: string): boolean {
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\') {
      if (body[i + 1] === '+') return true;
      i++; // skip the escaped character so `\\+` (escaped backslash, then a quantifier) is not flagged
    }
  }
  return false;
}

/** Length of a `{n}`, `{n,}` or `{n,m}` quantifier at `i`, and whether it repeats more than once. */
function braceQuantifier(body: string, i: number): { length: number; repeats: boolean } | undefined {
  const m = /^\{(\d+)(,(\d*))?\}/.exec(body.slice(i, i + 24));
  if (m === null) return undefined;
  const max = m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]);
  return { length: m[0].length, repeats: max > 1 };
}

/**
 * Star-height test: a repeated sub-pattern that itself contains a repetition (`(a+)+`, `(\w*\s?)*`,
 * `(.*a){20}`) can backtrack exponentially, so such patterns are "unsafe". This is the heuristic of
 * the widely used safe-regex check; overlapping alternations such as `(a|aa)+` are not detected.
 * Assumes the pattern already compiled.
 */
export function isCatastrophic(body: string): boolean {
  // Per open group: the highest repetition nesting seen inside it so far.
  const stack: number[] = [0];
  let lastAtom: number | undefined; // star height of the atom a following quantifier applies to
  const atom = (height: number) => {
    stack[stack.length - 1] = Math.max(stack[stack.length - 1], height);
    lastAtom = height;
  };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '\\') {
      i++;
      atom(0);
    } else if (ch === '[') {
      for (i++; i < body.length && body[i] !== ']'; i++) if (body[i] === '\\') i++;
      atom(0);
    } else if (ch === '(') {
      stack.push(0);
      lastAtom = undefined;
      if (body[i + 1] === '?') {
        // Group prefixes (?:, ?=, ?!, ?<=, ?<!, ?<name>) are not quantifiers.
        const prefix = /^\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(body.slice(i + 1, i + 40));
        if (prefix !== null) i += prefix[0].length;
      }
    } else if (ch === ')') {
      const inner = stack.length > 1 ? (stack.pop() as number) : 0;
      atom(inner);
    } else if (ch === '|') {
      lastAtom = undefined;
    } else if (ch === '*' || ch === '+' || ch === '?' || ch === '{') {
      let repeats = ch !== '?';
      if (ch === '{') {
        const brace = braceQuantifier(body, i);
        if (brace === undefined) {
          atom(0); // a literal '{'
          continue;
        }
        repeats = brace.repeats;
        i += brace.length - 1;
      }
      if (body[i + 1] === '?') i++; // lazy marker
      if (repeats && lastAtom !== undefined) {
        const height = lastAtom + 1;
        if (height >= 2) return true;
        stack[stack.length - 1] = Math.max(stack[stack.length - 1], height);
      }
      lastAtom = undefined;
    } else {
      atom(0);
    }
  }
  return false;
}

/** Compile a '/pattern/flags' literal to a global RegExp, or return the error code. Cached. */
export function compileRegexLiteral(literal: string): RegExp | number {
  const cached = cache.get(literal);
  if (cached !== undefined) return cached;
  const compiled = compileUncached(literal);
  if (cache.size >= CACHE_LIMIT) cache.clear(); // dynamic patterns must not grow the cache without bound
  cache.set(literal, compiled);
  return compiled;
}

function compileUncached(literal: string): RegExp | number {
  const m = LITERAL.exec(literal);
  if (m === null) return REGEX_ERROR.badFormat;
  const [, body, flags] = m;
  if (body.length > MAX_PATTERN) return REGEX_ERROR.patternTooLong;
  if (hasEscapedPlus(body)) return REGEX_ERROR.invalidSyntax;
  let regex: RegExp;
  try {
    regex = new RegExp(body, flags.includes('g') ? flags : flags + 'g');
  } catch {
    return REGEX_ERROR.invalidSyntax;
  }
  return isCatastrophic(body) ? REGEX_ERROR.unsafe : regex;
}

/** Count matches of `literal` in `input`, or return a negative error code. */
export function regexCount(input: string, literal: string): number {
  const regex = compileRegexLiteral(literal);
  if (typeof regex === 'number') return regex;
  if (input.length > MAX_INPUT) return REGEX_ERROR.inputTooLong;
  try {
    regex.lastIndex = 0; // the cached RegExp is shared; reset its global-search state
    let count = 0;
    for (let m = regex.exec(input); m !== null; m = regex.exec(input)) {
      count++;
      // An empty match does not advance lastIndex by itself; step over it (a whole code point in unicode mode).
      if (m[0] === '') {
        const wide = regex.unicode || regex.flags.includes('v');
        const code = input.codePointAt(regex.lastIndex) ?? 0;
        regex.lastIndex += wide && code > 0xffff ? 2 : 1;
      }
    }
    return count;
  } catch {
    return REGEX_ERROR.evaluationFailed;
  }
}

export const REGEX_FUNCTIONS: readonly ScalarDefinition[] = [
  fixedArity('regexCount', 2, (args) => {
    const pattern = args[1].value;
    if (typeof pattern !== 'string') return numberValue(REGEX_ERROR.badFormat);
    if (args[0].value === null) return numberValue(REGEX_ERROR.evaluationFailed);
    return numberValue(regexCount(toText(args[0]), pattern));
  }),
];
