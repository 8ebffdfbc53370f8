import { describe, expect, it } from 'vitest';
import { brief, loadFixture, mapOf } from './test-support/maps';

describe('concepts, instances and relationships (fixtures/declarations.rbl)', () => {
  const result = loadFixture('declarations.rbl');
  const map = mapOf(result);

  it('loads without errors; legacy spellings are warnings', () => {
    expect(result.ok).toBe(true);
    expect(result.diagnostics.filter((d) => d.severity === 'warning').map(brief)).toEqual([
      '8:27 warning attribute/legacy-value',
      '30:70 warning attribute/legacy-value',
      '32:60 warning attribute/legacy-value',
    ]);
  });

  it('reads concept types (legacy boolean is truth), behaviours and scope', () => {
    const summary = [...map.concepts.values()].map(
      (c) => `${c.name}:${c.type}${c.mutuallyExclusive ? ':mx' : ''}${c.contextScoped ? ':context' : ''}`,
    );
    expect(summary).toEqual([
      'Gardener:string',
      'Plant:string:context',
      'Height:number',
      'Sown On:date',
      'Watered:truth',
      'Verdict:string:mx',
      'Mood:string:mx',
      'Weather:string:mx',
    ]);
    expect(map.concepts.get('Gardener')?.position).toEqual({ line: 4, column: 3 });
    expect(map.concepts.get('Gardener')?.datasources).toEqual([]);
  });

  it('keys instances by concept then name, with markdown metadata from CDATA and plain text', () => {
    expect([...(map.instances.get('Verdict')?.keys() ?? [])]).toEqual(['Thrive', 'Wilt']);
    const fern = map.instances.get('Plant')?.get('Fern');
    expect(fern).toMatchObject({ name: 'Fern', concept: 'Plant', position: { line: 14, column: 3 } });
    expect(fern?.metadata).toEqual([
      { dataType: 'md', data: '**Fern** likes shade & water <always>.' },
      { dataType: 'md', data: 'plain note' },
    ]);
    expect(map.instances.get('Gardener')?.get('Ada')?.metadata).toEqual([]);
  });

  it('applies relationship defaults when attributes are absent', () => {
    expect(map.relationships.get('tends')).toEqual({
      name: 'tends',
      subject: 'Gardener',
      object: 'Plant',
      plural: false,
      askable: 'all',
      allowCF: true,
      allowUnknown: false,
      canAdd: { subject: true, object: true },
      groups: [],
      contextScoped: false,
      questions: {},
      position: { line: 28, column: 3 },
    });
  });

  it('reads every relationship attribute, with allowCf and legacy askable spellings', () => {
    expect(map.relationships.get('grows to')).toMatchObject({
      plural: true,
      askable: 'none',
      allowCF: false,
      allowUnknown: true,
      canAdd: { subject: false, object: false },
      groups: ['sizes', 'growth'],
      contextScoped: true,
    });
    expect(map.relationships.get('was sown on')).toMatchObject({ askable: 'all', allowCF: true, canAdd: { subject: true, object: false } });
    expect(map.relationships.get('is watered')).toMatchObject({ askable: 'secondFormObject', canAdd: { subject: true, object: true } });
    expect(map.relationships.get('has verdict')).toMatchObject({ askable: 'secondFormSubject', canAdd: { subject: false, object: true } });
    expect(map.relationships.get('feels')?.askable).toBe('none');
    expect(map.relationships.get('expects')?.askable).toBe('all');
  });

  it('reads the three question forms as text', () => {
    expect(map.relationships.get('has verdict')?.questions).toEqual({
      firstForm: 'Does %S have the verdict %O?',
      secondFormObject: 'What is the verdict on %S?',
      secondFormSubject: 'Which plants have the verdict %O?',
    });
  });

  it('reads imports with and without a version', () => {
    expect(map.imports).toEqual([
      { km: '2f1d7c1e-weather', versionNumber: 3, position: { line: 42, column: 3 } },
      { km: 'soil-map', versionNumber: undefined, position: { line: 43, column: 3 } },
    ]);
  });

  it('has no facts or rules', () => {
    expect(map.facts).toEqual([]);
    expect(map.rules).toEqual([]);
    expect(map.rulesByRelationship.size).toBe(0);
  });
});
