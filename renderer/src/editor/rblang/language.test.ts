import { describe, expect, it } from 'vitest';
import { FUNCTION_NAMES } from '../../../../electron/engine';
import { completionPlace, completionsAt } from './completions';
import { catalogueArity, FUNCTION_SIGNATURES, functionSignature, signatureText } from './functions';
import { buildMapIndex } from './map-index';
import { definitionsAt, hoverAt, outlineItemAt, outlineOf, referencesAt, rulesUsing } from './navigation';
import { TEST_MAP } from './test-map';

const index = buildMapIndex(TEST_MAP);
const lines = TEST_MAP.split('\n');

/** 1-based line and column of the `occurrence`-th appearance of `needle` (column of its first character, plus `shift`). */
function at(needle: string, occurrence = 1, shift = 1): { line: number; column: number } {
  let seen = 0;
  for (let line = 0; line < lines.length; line += 1) {
    let from = lines[line].indexOf(needle);
    while (from >= 0) {
      seen += 1;
      if (seen === occurrence) return { line: line + 1, column: from + 1 + shift };
      from = lines[line].indexOf(needle, from + 1);
    }
  }
  throw new Error(`${needle} #${occurrence} not in the test map`);
}

function offsetOf(needle: string, occurrence = 1): number {
  let from = -1;
  for (let seen = 0; seen < occurrence; seen += 1) from = TEST_MAP.indexOf(needle, from + 1);
  return from + needle.length;
}

describe('the map index', () => {
  it('lists declarations and rules with their relationship position and variables', () => {
    expect(index.concepts.map((concept) => concept.name)).toEqual(['Person', 'Country', 'Language', 'Age']);
    expect(index.relationships.find((relationship) => relationship.name === 'lives in')).toMatchObject({
      subject: 'Person',
      object: 'Country',
      askable: 'secondFormObject',
    });
    expect(index.rules.map((rule) => [rule.label, rule.name, rule.certainty])).toEqual([
      ['speaks #1', 'Home language', 80],
      ['speaks #2', undefined, 60],
    ]);
    expect(index.rules[0].variables).toEqual(['S', 'O', 'COUNTRY']);
    expect(index.rules[0].range.line).toBe(at('<relinst type="speaks"').line);
    expect(index.rules[0].range.endLine).toBe(index.rules[0].range.line + 3);
  });

  it('indexes a half-typed map without throwing', () => {
    const broken = buildMapIndex('<rbl:kb><concept name="A" type="string"/><rel name="r" subject="A" object="');
    expect(broken.concepts.map((concept) => concept.name)).toEqual(['A']);
    expect(broken.relationships.map((relationship) => relationship.name)).toEqual(['r']);
  });
});

describe('definitions, references and hovers', () => {
  it('goes from a condition’s relationship to its declaration', () => {
    const use = at('rel="lives in"', 1, 6);
    const [definition] = definitionsAt(index, use.line, use.column);
    expect(definition.line).toBe(at('<rel name="lives in"').line);
    expect(lines[definition.line - 1].slice(definition.column - 1, definition.endColumn - 1)).toBe('lives in');
  });

  it('finds every use of a relationship, inside expressions too', () => {
    const declaration = at('name="lives in"', 1, 7);
    const uses = referencesAt(index, declaration.line, declaration.column, false);
    expect(uses.map((range) => range.line)).toEqual([at('rel="lives in"').line, at("'lives in'").line]);
    expect(referencesAt(index, declaration.line, declaration.column, true)).toHaveLength(3);
  });

  it('says how many rules use a name in its hover', () => {
    const relationship = at('name="national language"', 1, 7);
    expect(hoverAt(index, relationship.line, relationship.column)).toContain('Used by 1 rule.');
    const concept = at('name="Person"', 1, 7);
    const hover = hoverAt(index, concept.line, concept.column) ?? '';
    expect(hover).toContain('**concept** `Person` (string)');
    expect(hover).toContain('Used by 2 rules.');
    expect(rulesUsing(index, 'instance', 'English')).toEqual(new Set([1]));
  });

  it('shows a function’s signature on hover', () => {
    const call = at('countRelationshipInstances');
    expect(hoverAt(index, call.line, call.column, 'countRelationshipInstances')).toContain(
      'countRelationshipInstances(subject, relationship, object) → number',
    );
  });

  it('outlines concepts, relationships and rules by relationship, and follows the cursor', () => {
    const outline = outlineOf(index);
    expect(outline.map((item) => `${item.label} ${item.detail}`)).toEqual(['Concepts 4', 'Relationships 4', 'Rules 1']);
    expect(outline[2].children?.[0].children?.map((rule) => rule.label)).toEqual(['Home language', 'speaks #2']);
    expect(outlineItemAt(outline, at("'lives in'").line)?.id).toBe('rule:1');
    expect(outlineItemAt(outline, at('<concept name="Age"').line)?.id).toBe('concept:Age');
  });
});

describe('completions', () => {
  function labelsAt(text: string, offset: number): string[] {
    const place = completionPlace(text, offset);
    if (!place) return [];
    const line = text.slice(0, offset).split('\n').length;
    return completionsAt(place, index, line).map((entry) => entry.label);
  }

  it('offers the elements allowed in the parent', () => {
    const text = TEST_MAP.replace('<relinst type="speaks" cf="80"', '<cond<relinst type="speaks" cf="80"');
    const inRoot = labelsAt(text, text.indexOf('<cond') + 5);
    expect(inRoot).toContain('relinst');
    expect(inRoot).not.toContain('condition');
    const inRule = TEST_MAP.replace('<condition rel="lives in"', '<c<condition rel="lives in"');
    expect(labelsAt(inRule, inRule.indexOf('<c<') + 2)).toEqual(['condition']);
  });

  it('offers an element’s attributes not yet written', () => {
    const text = TEST_MAP.replace(
      '<rel name="has age" subject="Person" object="Age"/>',
      '<rel name="has age" subject="Person" object="Age" />',
    );
    const labels = labelsAt(text, text.indexOf('object="Age" ') + 13);
    expect(labels).toContain('askable');
    expect(labels).not.toContain('subject');
  });

  it('offers relationships, concepts, enumerations and the instances of the right concept', () => {
    expect(labelsAt(TEST_MAP, offsetOf('<condition rel="'))).toEqual(['speaks', 'lives in', 'national language', 'has age']);
    expect(labelsAt(TEST_MAP, offsetOf('<rel name="speaks" subject="'))).toEqual(['Person', 'Country', 'Language']);
    expect(labelsAt(TEST_MAP, offsetOf('<concept name="Age" type="'))).toEqual(['string', 'number', 'date', 'truth']);
    expect(labelsAt(TEST_MAP, offsetOf('<relinst type="national language" subject="France" object="'))).toEqual(['French', 'English']);
  });

  it('offers the rule’s variables and the instances in a condition', () => {
    const labels = labelsAt(TEST_MAP, offsetOf('<condition rel="national language" subject="'));
    expect(labels).toEqual(['%S', '%O', '%COUNTRY', 'France']);
  });

  it('offers functions with their signatures in an expression, and relationships inside quotes', () => {
    const text = TEST_MAP.replace('expression="%AGE > 10', 'expression="%AGE > 10 and cou');
    const place = completionPlace(text, text.indexOf('and cou') + 7);
    expect(place).toMatchObject({ kind: 'value', attribute: 'expression', prefix: 'cou', quoted: false });
    const entries = completionsAt(place!, index, 20);
    const count = entries.find((entry) => entry.label === 'countRelationshipInstances');
    expect(count?.detail).toBe('countRelationshipInstances(subject, relationship, object) → number');
    expect(count?.insertText).toBe('countRelationshipInstances(${1:subject}, ${2:relationship}, ${3:object})');
    expect(labelsAt(TEST_MAP, offsetOf("countRelationshipInstances(%S, '"))).toContain('lives in');
  });

  it('offers nothing in text content or comments', () => {
    expect(completionPlace(TEST_MAP, offsetOf('<secondFormObject>Where'))).toBeUndefined();
    expect(completionPlace('<!-- <con', 9)).toBeUndefined();
  });
});

describe('the function signatures', () => {
  it('cover the engine’s catalogue with its arity', () => {
    expect(FUNCTION_SIGNATURES.map((signature) => signature.name)).toEqual([...FUNCTION_NAMES]);
    for (const signature of FUNCTION_SIGNATURES) {
      const arity = catalogueArity(signature.name)!;
      if (signature.variadic) expect(arity.max).toBe(Infinity);
      else expect(signature.parameters.length, signature.name).toBe(arity.max);
    }
    expect(signatureText(functionSignature('MIN')!)).toBe('min(a, b, …) → number');
  });
});
