import { describe, expect, it } from 'vitest';
import { errorOf, value } from '../test-support/harness';
import { REGEX_ERROR, compileRegexLiteral, isCatastrophic, regexCount } from './regex';

describe('regexCount: counting', () => {
  it('counts every match, with or without the g flag', () => {
    expect(value("regexCount(%T, '/cat/i')", { T: 'Cat, cat and CAT' })).toBe(3);
    expect(value("regexCount(%T, '/cat/gi')", { T: 'Cat, cat and CAT' })).toBe(3);
    expect(value("regexCount(%T, '/cat/')", { T: 'Cat, cat and CAT' })).toBe(1);
    expect(value("regexCount(%T, '/dog/')", { T: 'cat' })).toBe(0);
  });

  it('keeps backslash escapes such as \\b and \\w', () => {
    const pattern = "'/\\bAUD\\b|\\bAUSTRALIAN DOLLARS?\\b/i'";
    expect(value(`regexCount(%RAW,${pattern})`, { RAW: 'paid in aud (Australian Dollars)' })).toBe(2);
    expect(value(`regexCount(%RAW,${pattern})`, { RAW: 'AUDIT' })).toBe(0);
    expect(value("regexCount(%A,'/\\w/') is greater than 0", { A: '  ' })).toBe(false);
  });

  it('counts empty matches once per position without looping forever', () => {
    expect(regexCount('abc', '/x*/')).toBe(4);
    expect(regexCount('😀😀', '/(?:)/u')).toBe(3);
  });

  it('uses a pattern built dynamically in a variable', () => {
    const RX = value("'/\\b(' + %VOCAB + ')\\b/i'", { VOCAB: 'invoice|bill' });
    expect(RX).toBe('/\\b(invoice|bill)\\b/i');
    expect(value('regexCount(%TITLE,%RX)', { TITLE: 'Commercial Invoice', RX })).toBe(1);
    expect(value("regexCount(%T, '/' + %A + '/i')", { T: 'abcABC', A: 'b' })).toBe(2);
  });

  it('renders non-string input as text', () => {
    expect(value("regexCount(%N, '/5/')", { N: 1.55 })).toBe(2);
  });

  it('accepts [+] for a literal plus', () => {
    expect(regexCount('+44 20', '/^[+]44/')).toBe(1);
  });

  it('reuses one compiled RegExp per pattern text', () => {
    expect(compileRegexLiteral('/a+b/i')).toBe(compileRegexLiteral('/a+b/i'));
  });
});

describe('regexCount: error codes', () => {
  it('-1 for catastrophic (nested-quantifier) patterns', () => {
    expect(regexCount('aaaa', '/(a+)+$/')).toBe(REGEX_ERROR.unsafe);
    expect(regexCount('aaaa', '/(a*)*/')).toBe(-1);
    expect(regexCount('aaaa', '/(\\w+\\s?)+$/')).toBe(-1);
    expect(regexCount('aaaa', '/(?:.*a){20}/')).toBe(-1);
  });

  it('-2 when the input is null', () => {
    expect(value("regexCount(%M, '/a/')", { M: null })).toBe(REGEX_ERROR.evaluationFailed);
  });

  it('-3 for invalid syntax, invalid flags and the rejected \\+ escape', () => {
    expect(regexCount('a', '/(a/')).toBe(REGEX_ERROR.invalidSyntax);
    expect(regexCount('a', '/+a/')).toBe(-3);
    expect(regexCount('a', '/a/q')).toBe(-3);
    expect(regexCount('+1', '/\\+1/')).toBe(-3);
    expect(value("regexCount(%T, '/\\+/')", { T: '+' })).toBe(-3);
  });

  it('-4 for a pattern over 500 characters', () => {
    expect(regexCount('a', `/${'a'.repeat(501)}/`)).toBe(REGEX_ERROR.patternTooLong);
    expect(regexCount('a', `/${'a'.repeat(500)}/`)).toBe(0);
  });

  it('-5 for an input over 10,000 characters', () => {
    expect(regexCount('a'.repeat(10_001), '/a/')).toBe(REGEX_ERROR.inputTooLong);
    expect(regexCount('a'.repeat(10_000), '/a/')).toBe(10_000);
  });

  it('-6 when the pattern is not /pattern/flags', () => {
    expect(regexCount('cat', 'cat')).toBe(REGEX_ERROR.badFormat);
    expect(regexCount('cat', '/cat')).toBe(-6);
    expect(regexCount('cat', '/cat/i ')).toBe(-6);
    expect(value('regexCount(%T, 5)', { T: 'x' })).toBe(-6);
  });

  it('checks the pattern (-6, -4, -3, -1) before the input length (-5)', () => {
    const long = 'a'.repeat(10_001);
    expect(regexCount(long, 'cat')).toBe(-6);
    expect(regexCount(long, `/${'a'.repeat(501)}/`)).toBe(-4);
    expect(regexCount(long, '/(a/')).toBe(-3);
    expect(regexCount(long, '/(a+)+/')).toBe(-1);
    expect(regexCount(long, '/(a)/')).toBe(-5);
  });

  it('returns codes as numbers the map compares, not errors', () => {
    expect(value("regexCount(%T, '/(a/') is equal to 0", { T: 'a' })).toBe(false);
    expect(errorOf('regexCount(%T)', { T: 'a' })).toBe('regexCount expects 2 arguments but got 1');
  });
});

describe('isCatastrophic', () => {
  it('accepts ordinary patterns from real maps', () => {
    for (const body of [
      '^(EOM|COD|CIA|PIA)$',
      '\\bUSD\\b|\\bUS DOLLARS?\\b|\\bUNITED STATES DOLLARS?\\b',
      'deliver against instructions from [a-z]',
      '\\w+@\\w+\\.com',
      '(ab)+',
      '(a?)+',
      '[(+*]+',
      '\\(a+\\)+',
      '(?<year>\\d{4})-(?:\\d{2})',
      'a{1,}',
    ]) {
      expect(isCatastrophic(body), body).toBe(false);
    }
  });

  it('flags repetition of a repeated sub-pattern', () => {
    for (const body of ['(a+)+', '(a*)*', '((ab)*c)+', '(a{2,})*', '(?:x+y?)+', '(a+){2,5}']) {
      expect(isCatastrophic(body), body).toBe(true);
    }
  });
});
