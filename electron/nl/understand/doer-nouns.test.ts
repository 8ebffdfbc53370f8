/**
 * "Who is Kirsty's coach?": a verb whose bare form is also a person names by it who does the verb,
 * so the possessor is the one the verb is done to, never the one doing it.
 */
import { describe, expect, it } from 'vitest';
import { readerOf } from '../test-support/reader';

const map = (relationship: string, forms: string) =>
  readerOf(`<?xml version="1.0" encoding="utf-8"?>
<rbl:kb xmlns:rbl="http://rbl.io/schema/RBLang">
  <concept name="curler" type="string" />
  <concinst name="Kirsty" type="curler" />
  <concinst name="Iain Munro" type="curler" />
  <rel name="${relationship}" subject="curler" object="curler" plural="true" askable="all" canAdd="none">${forms}</rel>
</rbl:kb>`);

describe('a verb said after a possessive as a person noun', () => {
  it('asks who does the verb to the possessor, of an active name', () => {
    const read = map(
      'coaches',
      `<firstForm>Does %S coach %O?</firstForm>
       <secondFormObject>Who does %S coach?</secondFormObject>
       <secondFormSubject>Who coaches %O?</secondFormSubject>`,
    );
    expect(read("Who is Kirsty's coach?")).toMatchObject({ kind: 'query', query: { relationship: 'coaches', object: 'Kirsty' } });
    expect(read("Kirsty's coach?")).toMatchObject({ kind: 'query', query: { relationship: 'coaches', object: 'Kirsty' } });
    // The verb itself still reads both ways.
    expect(read('Who coaches Kirsty?')).toMatchObject({ kind: 'query', query: { relationship: 'coaches', object: 'Kirsty' } });
    expect(read('Who does Kirsty coach?')).toMatchObject({ kind: 'query', query: { relationship: 'coaches', subject: 'Kirsty' } });
  });

  it('asks by whom the possessor is, of a passive with "by"', () => {
    const read = map(
      'is coached by',
      `<firstForm>Is %S coached by %O?</firstForm>
       <secondFormObject>Who is %S coached by?</secondFormObject>
       <secondFormSubject>Who does %O coach?</secondFormSubject>`,
    );
    expect(read("Who is Kirsty's coach?")).toMatchObject({ kind: 'query', query: { relationship: 'is coached by', subject: 'Kirsty' } });
    expect(read('Who does Kirsty coach?')).toMatchObject({ kind: 'query', query: { relationship: 'is coached by', object: 'Kirsty' } });
  });
});
