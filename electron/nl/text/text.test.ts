import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IRREGULAR_VERBS_PATH, irregularVerbTable } from '../test-support/irregular-verbs-source';
import { CERTAINTY_PHRASES, findCertainties } from './certainty';
import { ambiguousSlashDate, humanDate, isTimeAdverbial, parseDate } from './dates';
import { actionNouns, agentNouns, singularsOf, verbBases, verbsOfNoun, verbsSpelledLike } from './derive';
import { typoDistance } from './distance';
import { basesOf, formsOf, surfaceForms } from './inflect';
import { parseMeasure, parseNumber } from './numbers';
import { spellingVariants } from './spelling-variants';
import { spanText, tokenize } from './tokens';
import { nounSynonyms, periodOf, verbSynonyms } from './synonyms';
import { readYesNo } from './truth';

const NOW = Date.UTC(2026, 4, 13, 10); // a Wednesday

describe('tokenize', () => {
  it('expands contractions, keeps names with hyphens and apostrophes, and maps back to the text', () => {
    const prompt = "I'm sure Grace O'Neill doesn't live in INC-101's region.";
    const tokens = tokenize(prompt);
    expect(tokens.map((token) => token.text)).toEqual([
      'i',
      'am',
      'sure',
      'grace',
      "o'neill",
      'does',
      'not',
      'live',
      'in',
      'inc-101',
      "'s",
      'region',
      '.',
    ]);
    expect(spanText(prompt, tokens, 3, 5)).toBe("Grace O'Neill");
  });

  it('reads curly quotes and numbers with separators, currency, percentages and ordinals', () => {
    expect(tokenize('Grace O’Neill earns £18,500 (80%) on the 3rd').map((token) => token.text)).toEqual([
      'grace',
      "o'neill",
      'earns',
      '£18,500',
      '80%',
      'on',
      'the',
      '3rd',
    ]);
  });
});

describe('typoDistance', () => {
  it('counts insertions, deletions, substitutions and neighbour swaps, stopping early past the bound', () => {
    expect(typoDistance('france', 'frnace', 2)).toBe(1);
    expect(typoDistance('italy', 'itlay', 2)).toBe(1);
    expect(typoDistance('mohammed', 'mohamed', 2)).toBe(1);
    expect(typoDistance('allowance', 'alowance', 2)).toBe(1);
    expect(typoDistance('spain', 'portugal', 2)).toBe(3);
  });
});

describe('certainty phrases', () => {
  const read = (text: string) => findCertainties(tokenize(text)).map(({ certainty, weak }) => ({ certainty, weak }));
  it('reads percentages said as certainty, and the documented words', () => {
    expect(read("I'm 80% sure")).toEqual([{ certainty: 80, weak: false }]);
    expect(read('with 90 percent certainty')).toEqual([{ certainty: 90, weak: false }]);
    expect(read('certainty of 65')).toEqual([{ certainty: 65, weak: false }]);
    expect(read('it is 30%')).toEqual([{ certainty: 30, weak: true }]);
    for (const [phrase, certainty] of CERTAINTY_PHRASES) expect(read(phrase), phrase).toEqual([{ certainty, weak: false }]);
  });

  it('does not take "not sure" for "sure"', () => {
    expect(read('I am not sure')).toEqual([]);
  });

  it('takes "of that" after a certainty as part of it, so it is no value', () => {
    const spanOf = (text: string) => findCertainties(tokenize(text)).map(({ from, to }) => [from, to]);
    // "Hugh is insured , i am about 80% sure of that"
    expect(spanOf("Hugh is insured, I'm about 80% sure of that")).toEqual([[4, 11]]);
    expect(spanOf("Hugh is insured, I'm fairly sure about it")).toEqual([[4, 10]]);
    // "of" before anything else stays with the sentence.
    expect(spanOf("I'm fairly sure of Hugh")).toEqual([[0, 4]]);
  });
});

describe('time adverbials', () => {
  const when = (text: string) => isTimeAdverbial(tokenize(text), NOW);
  it('knows words that only say when', () => {
    for (const text of ['last week', 'yesterday', 'on Monday', 'now', 'this morning', '3 days ago', 'a few weeks ago', 'on 1 May 2026'])
      expect(when(text), text).toBe(true);
  });
  it('does not take other words for a time', () => {
    for (const text of ['in the car park', 'the', 'of that', 'last', 'Kofi', 'Monday Club']) expect(when(text), text).toBe(false);
  });
});

describe('numbers and dates', () => {
  it('reads digits, words, units and rates', () => {
    expect(parseNumber(tokenize('about 34 years old'))).toBe(34);
    expect(parseNumber(tokenize('thirty-four'))).toBe(34);
    expect(parseNumber(tokenize('a hundred and five'))).toBe(105);
    expect(parseNumber(tokenize('£18,500 a year'))).toBe(18500);
    // Every period after the value, and "per" anything: the value is the number.
    expect(parseNumber(tokenize('£45 an hour'))).toBe(45);
    expect(parseNumber(tokenize('6 hours a week'))).toBe(6);
    expect(parseNumber(tokenize('£240 per term'))).toBe(240);
    expect(parseNumber(tokenize('1,250.50'))).toBe(1250.5);
    expect(parseNumber(tokenize('minus 3'))).toBe(-3);
    expect(parseNumber(tokenize('a lot'))).toBeUndefined();
  });

  it('reads absolute dates day first, and relative ones against the clock', () => {
    const date = (text: string) => parseDate(tokenize(text), NOW);
    expect(date('1 March 1950')).toBe('1950-03-01');
    expect(date('1st of March, 1950')).toBe('1950-03-01');
    expect(date('March 1, 1950')).toBe('1950-03-01');
    expect(date('1950-03-01')).toBe('1950-03-01');
    expect(date('01/03/1950')).toBe('1950-03-01');
    expect(date('03/25/1950')).toBe('1950-03-25');
    expect(date('30 February 2026')).toBeUndefined();
    expect(date('yesterday')).toBe('2026-05-12');
    expect(date('last Tuesday')).toBe('2026-05-12');
    expect(date('last Wednesday')).toBe('2026-05-06');
    expect(date('next Wednesday')).toBe('2026-05-20');
    expect(date('3 days ago')).toBe('2026-05-10');
    expect(date('in 2 weeks')).toBe('2026-05-27');
  });
});

describe('verbs and yes/no', () => {
  it('inflects relationship verbs', () => {
    expect(surfaceForms('lives')).toEqual(expect.arrayContaining(['live', 'lives', 'living', 'lived']));
    expect(surfaceForms('took')).toEqual(expect.arrayContaining(['take', 'takes', 'taking', 'took', 'taken']));
    expect(formsOf('qualify')).toMatchObject({ third: 'qualifies', past: 'qualified', gerund: 'qualifying' });
    expect(formsOf('stop')).toMatchObject({ past: 'stopped', gerund: 'stopping' });
  });

  it('knows the irregular verbs of english-verbs-irregular, and a form that is also a verb of its own', () => {
    expect(surfaceForms('rings')).toEqual(expect.arrayContaining(['ring', 'rang', 'rung', 'ringing']));
    expect(surfaceForms('shears')).toEqual(expect.arrayContaining(['shorn']));
    expect(basesOf('lay')).toEqual(['lie', 'lay']);
    expect(basesOf('rung')).toEqual(['ring']);
    // The package lists the British "instal"; "installed" is still a form of "install".
    expect(basesOf('installed')).toEqual(expect.arrayContaining(['instal', 'install']));
    expect(basesOf('fled')[0]).toBe('flee');
  });

  it('the checked-in irregular-verb table is what the script writes (run scripts/write-irregular-verbs.ts)', () => {
    expect(readFileSync(join(process.cwd(), IRREGULAR_VERBS_PATH), 'utf8')).toBe(irregularVerbTable());
  });

  it('reads yes and no as typed', () => {
    expect(readYesNo(tokenize('Yes, she has'))?.value).toBe(true);
    expect(readYesNo(tokenize("no she doesn't"))?.value).toBe(false);
    expect(readYesNo(tokenize('not really'))?.value).toBe(false);
    expect(readYesNo(tokenize('France'))).toBeUndefined();
  });
});

describe('word formation and general synonyms', () => {
  it('makes nouns of verbs and verbs of nouns', () => {
    expect(actionNouns('ship')).toEqual(expect.arrayContaining(['shipping', 'shipment']));
    expect(actionNouns('deliver')).toContain('delivery');
    expect(actionNouns('plant')).toContain('planting');
    expect(actionNouns('induct')).toContain('induction');
    expect(actionNouns('register')).toContain('registration');
    expect(actionNouns('complete')).toContain('completion');
    expect(actionNouns('locate')).toContain('location');
    expect(actionNouns('arrive')).toContain('arrival');
    expect(agentNouns('supply')).toEqual(['supplier']);
    expect(agentNouns('manage')).toEqual(['manager']);
    expect(agentNouns('ship')).toContain('shipper');
    expect(verbsOfNoun('delivery')).toEqual(['deliver']);
    expect(verbsOfNoun('shipping')).toContain('ship');
    expect(verbsOfNoun('arrival')).toContain('arrive');
    expect(verbsOfNoun('payment')).toEqual(['pay']);
    expect(verbsOfNoun('season')).toEqual([]);
    expect(verbBases('supplied')).toEqual(['supply']);
    // British spelling doubles an unstressed final "l": "enrolled" is "enrol" (and its "enrolment").
    expect(verbBases('enrolled')).toContain('enrol');
    expect(verbBases('travelling')).toContain('travel');
    expect(verbBases('called')).toContain('call');
    expect(verbsSpelledLike('practice')).toEqual(['practice', 'practise']);
    expect(singularsOf('trays')).toEqual(['tray']);
    expect(singularsOf('loaves')).toContain('loaf');
    expect(singularsOf('boxes')).toEqual(['box']);
  });

  it('knows everyday synonyms and periods, not every sense of a word', () => {
    expect(nounSynonyms('price')).toEqual(expect.arrayContaining(['cost', 'charge', 'fee']));
    expect(nounSynonyms('language')).toEqual([]);
    expect(verbSynonyms('supply')).toEqual(['provide']);
    expect(verbSynonyms('ship')).toEqual(expect.arrayContaining(['send', 'deliver']));
    expect(periodOf('annual')).toBe('year');
    expect(periodOf('monthly')).toBe('month');
    expect(verbSynonyms('teach')).toEqual(expect.arrayContaining(['instruct', 'tutor']));
    expect(verbSynonyms('study')).toEqual(['learn']);
  });
});

describe('amounts with units and dates said by people', () => {
  it('reads an amount with its unit, a period and the words of its relationship, and nothing else', () => {
    const measure = (text: string, context: readonly string[] = []) => parseMeasure(tokenize(text), new Set(context));
    expect(measure('£700 this year')).toBe(700);
    expect(measure('2 kg')).toBe(2);
    expect(measure('2.5 hours of labour', ['labour', 'time'])).toBe(2.5);
    expect(measure('3 parcels', ['number', 'of', 'parcels'])).toBe(3);
    expect(measure('3 parcel', ['number', 'of', 'parcels'])).toBe(3);
    expect(measure('£120 in total')).toBe(120);
    expect(measure('8.5 kg a week now')).toBe(8.5);
    // Words outside the relationship's and the units' make it no amount.
    expect(measure('2.5 hours of labour')).toBeUndefined();
    expect(measure('order 43 has 2')).toBeUndefined();
    expect(measure('3 and Order 43')).toBeUndefined();
  });

  it("reads a day and month without a year in the clock's year", () => {
    const date = (text: string) => parseDate(tokenize(text), NOW);
    expect(date('14th March')).toBe('2026-03-14');
    expect(date('the 14th of March')).toBe('2026-03-14');
    expect(date('March 14')).toBe('2026-03-14');
    expect(date('31st February')).toBeUndefined();
  });

  it('knows a slashed date that reads two ways, and says each in words', () => {
    const both = (text: string) => ambiguousSlashDate(tokenize(text), NOW);
    expect(both('3/4/2025')).toEqual(['2025-04-03', '2025-03-04']);
    expect(both('14/3/2025')).toBeUndefined();
    expect(both('03/03/2025')).toBeUndefined();
    expect(both('14 March 2025')).toBeUndefined();
    expect(humanDate('2025-04-03')).toBe('3 April 2025');
  });

  it('spells a word the British or the American way, and leaves short look-alikes alone', () => {
    expect(spellingVariants('licenced')).toContain('licensed');
    expect(spellingVariants('colour')).toContain('color');
    expect(spellingVariants('traveling')).toContain('travelling');
    expect(spellingVariants('organize')).toContain('organise');
    expect(spellingVariants('centre')).toContain('center');
    expect(spellingVariants('four')).toEqual([]);
    expect(spellingVariants('door')).toEqual([]);
  });
});
