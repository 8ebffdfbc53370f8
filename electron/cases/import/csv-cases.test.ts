import { describe, expect, it } from 'vitest';
import { describeProblem } from '../core';
import { importCsvCases } from './csv-cases';

const HEADER = 'name,subject,query,fact:is aged,answer:lives in,answer:has lived in,answer:took lessons in,expect,match,tolerance,asked';

function problem(text: string, options: { mapId?: string } = { mapId: 'm1' }): string {
  const result = importCsvCases(text, { file: 'people.cases.csv', ...options });
  if (result.ok) throw new Error('expected a problem');
  return describeProblem(result.error);
}

describe('cases from a CSV table', () => {
  it('makes one case per row: facts, answers by question, expected results and questions', () => {
    const result = importCsvCases(
      [
        HEADER,
        'Ada,Ada,speaks,,Wales@90,France,yes,French@90|Welsh@76|English@76,exact,2,lives in|has lived in',
        'Bruno,Bruno,speaks,40,,skip,,English@80,includes,,',
        'Nobody,Zed,speaks,,=40,skip,no,,,,',
      ].join('\n'),
      { file: 'people.cases.csv', mapId: 'm1' },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [ada, bruno, nobody] = result.value.cases;
    expect(ada?.target).toEqual({ mapId: 'm1', version: { policy: 'live' } });
    expect(ada?.query).toEqual({ subject: 'Ada', relationship: 'speaks' });
    expect(ada?.answers).toEqual([
      { question: { relationship: 'lives in' }, reply: { kind: 'values', values: [{ value: 'Wales', certainty: 90 }] } },
      { question: { relationship: 'has lived in' }, reply: { kind: 'values', values: [{ value: 'France' }] } },
      { question: { relationship: 'took lessons in' }, reply: { kind: 'yes-no', answer: 'yes' } },
    ]);
    expect(ada?.expect.results).toMatchObject({
      match: 'exact',
      tolerance: 2,
      items: [
        { object: 'French', certainty: 90 },
        { object: 'Welsh', certainty: 76 },
        { object: 'English', certainty: 76 },
      ],
    });
    expect(ada?.expect.questions?.asked).toEqual([{ relationship: 'lives in' }, { relationship: 'has lived in' }]);
    // Numbers become numbers; a fact is about the row's subject.
    expect(bruno?.facts).toEqual([{ subject: 'Bruno', relationship: 'is aged', object: 40, certainty: 100 }]);
    expect(bruno?.answers).toEqual([{ question: { relationship: 'has lived in' }, reply: { kind: 'skip' } }]);
    expect(bruno?.expect.results?.match).toBe('includes');
    // `=` keeps text; an empty expect cell expects no result.
    expect(nobody?.answers[0]?.reply).toEqual({ kind: 'values', values: [{ value: '40' }] });
    expect(nobody?.expect.results?.items).toEqual([]);
  });

  it('takes the map and version from columns when given', () => {
    const result = importCsvCases('name,map,version,subject,query\nA,m2,3,Ada,speaks\nB,m3,draft,Bo,speaks\n');
    expect(result.ok && result.value.cases.map((item) => item.target)).toEqual([
      { mapId: 'm2', version: { policy: 'version', number: 3 } },
      { mapId: 'm3', version: { policy: 'draft' } },
    ]);
  });

  it.each([
    ['name,subject,query,colour\nA,Ada,speaks,red', 'people.cases.csv:1:4: header, column "colour": unknown column "colour"'],
    ['name,subject\nA,Ada', 'the table needs a "query" column'],
    [`${HEADER}\nAda,Ada,speaks,,Wales@120,,,,,,`, 'people.cases.csv:2:5: row 1, column "answer:lives in": "120": a certainty is 1 to 100'],
    [
      `${HEADER}\nAda,Ada,speaks,,Wales,,,French,,,`,
      'people.cases.csv:2:8: row 1, column "expect": "French": give the expected certainty as French@NN',
    ],
    [`${HEADER}\nAda,Ada,speaks,,Wales,,,French@90,most,,`, 'people.cases.csv:2:9: row 1, column "match": "most": use exact or includes'],
    [`${HEADER}\nAda,Ada,speaks,,,,,,,,\n,Bo,speaks,,,,,,,,`, 'people.cases.csv:3:1: row 2, column "name": every case needs a name'],
    [`${HEADER}\nAda,Ada,,,,,,,,,`, 'row 1, column "query": '],
    [`${HEADER}\nAda,,speaks,40,,,,,,,`, 'row 1, column "fact:is aged": a fact needs the row\'s subject'],
    ['name,subject,query\nA,Ada,speaks,extra', 'not a readable CSV table'],
  ])('names the file, row and column of a problem (%#)', (text, message) => {
    expect(problem(text)).toContain(message);
  });

  it('asks for a map when no column or option gives one', () => {
    expect(problem('name,subject,query\nA,Ada,speaks', {})).toContain('row 1, column "name": no map: add a "map" column, or give the map');
  });
});
