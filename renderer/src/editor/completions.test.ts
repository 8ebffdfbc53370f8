import { describe, expect, it } from 'vitest';
import type { MapVocabulary } from '../../../electron/common/ipc';
import { completionContext, vocabularyCompletions } from './completions';
import { injectSchema } from './inject-schema';
import { parseFacts } from './parse-facts';

const vocabulary: MapVocabulary = {
  relationships: [
    {
      name: 'lives in',
      subjectConcept: 'person',
      objectConcept: 'country',
      objectType: 'string',
      plural: false,
      allowCF: true,
      allowUnknown: false,
      canAddSubject: true,
      canAddObject: false,
      inferred: false,
      questions: { secondFormObject: 'Where does %S live?' },
    },
    {
      name: 'age',
      subjectConcept: 'person',
      objectConcept: 'years',
      objectType: 'number',
      plural: false,
      allowCF: false,
      allowUnknown: true,
      canAddSubject: true,
      canAddObject: true,
      inferred: false,
      questions: {},
    },
    {
      name: 'is adult',
      subjectConcept: 'person',
      objectConcept: 'flag',
      objectType: 'truth',
      plural: false,
      allowCF: false,
      allowUnknown: false,
      canAddSubject: true,
      canAddObject: true,
      inferred: true,
      questions: {},
    },
  ],
  concepts: [
    { name: 'person', type: 'string', instances: ['Ada', 'Bob'] },
    { name: 'country', type: 'string', instances: ['France', 'Spain'] },
  ],
};

describe('completionContext', () => {
  it('finds the property being typed and the fact’s relationship', () => {
    const before = '[{"relationship": "lives in", "object": "Fr';
    expect(completionContext(before, '"}]')).toEqual({ property: 'object', prefix: 'Fr', inString: true, relationship: 'lives in' });
  });

  it('sees a relationship written after the cursor', () => {
    expect(completionContext('[{"subject": ', ', "relationship": "age"}]')).toMatchObject({
      property: 'subject',
      inString: false,
      relationship: 'age',
    });
  });

  it('ignores braces inside strings and positions outside values', () => {
    expect(completionContext('[{"subject": "a{b", "object": "', '"}]')?.property).toBe('object');
    expect(completionContext('[{"sub', '}]')).toBeNull();
    expect(completionContext('[', ']')).toBeNull();
  });
});

describe('vocabularyCompletions', () => {
  const source = vocabularyCompletions(vocabulary);
  it('offers relationship names with their concepts', () => {
    const entries = source({ property: 'relationship', prefix: '', inString: true });
    expect(entries.map((entry) => entry.label)).toEqual(['lives in', 'age', 'is adult']);
    expect(entries[0].detail).toBe('person → country');
  });

  it('offers instances of the relationship’s concepts, and truth values', () => {
    expect(source({ property: 'object', relationship: 'lives in', prefix: '', inString: true }).map((entry) => entry.label)).toEqual([
      'France',
      'Spain',
    ]);
    expect(source({ property: 'subject', prefix: '', inString: false }).map((entry) => entry.label)).toEqual(['Ada', 'Bob']);
    expect(source({ property: 'object', relationship: 'is adult', prefix: '', inString: false }).map((entry) => entry.quoted)).toEqual([
      false,
      false,
    ]);
  });
});

describe('injectSchema', () => {
  it('checks relationship names and each relationship’s object type', () => {
    const schema = injectSchema(vocabulary) as {
      items: {
        properties: { relationship: { pattern: string } };
        allOf: { then: { properties: { object: { type: unknown; pattern?: string } } } }[];
      };
    };
    expect(new RegExp(schema.items.properties.relationship.pattern).test('lives in')).toBe(true);
    expect(new RegExp(schema.items.properties.relationship.pattern).test('Lives In')).toBe(false);
    expect(schema.items.allOf[0].then.properties.object.pattern).toBe('^(France|Spain)$');
    expect(schema.items.allOf[1].then.properties.object.type).toBe('number');
  });

  it('is generated from the contract’s fact: the four fields, certainty 1 to 100 (100 by default), nothing else', () => {
    const schema = injectSchema(null) as {
      items: {
        required: string[];
        additionalProperties: boolean;
        properties: { certainty: { minimum: number; maximum: number; default: number } };
      };
    };
    expect(schema.items.required).toEqual(['subject', 'relationship', 'object', 'certainty']);
    expect(schema.items.additionalProperties).toBe(false);
    expect(schema.items.properties.certainty).toMatchObject({ minimum: 1, maximum: 100, default: 100 });
  });

  it('is structural only without a vocabulary', () => {
    expect(JSON.stringify(injectSchema(null))).not.toContain('allOf');
  });
});

describe('parseFacts', () => {
  it('parses an array of facts and defaults the certainty', () => {
    expect(parseFacts('[{"subject":"Ada","relationship":"age","object":40}]')).toEqual({
      ok: true,
      facts: [{ subject: 'Ada', relationship: 'age', object: 40, certainty: 100 }],
    });
  });

  it('reports which fact is wrong', () => {
    const parsed = parseFacts('[{"subject":"Ada","relationship":"age","object":40},{"subject":"","relationship":"age","object":1}]');
    expect(parsed.ok === false && parsed.message).toMatch(/^Fact 2 \(subject\)/);
    expect(parseFacts('[').ok).toBe(false);
    expect(parseFacts('[]').ok).toBe(false);
  });
});
