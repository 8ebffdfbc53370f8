import { describe, expect, it } from 'vitest';
import { loadFixture, mapOf } from './test-support/maps';

describe('datasources (fixtures/datasource.rbl)', () => {
  const result = loadFixture('datasource.rbl');
  const map = mapOf(result);
  const [full, minimal] = map.concepts.get('Parcel')?.datasources ?? [];

  it('loads cleanly and attaches both datasources to their concept', () => {
    expect(result.diagnostics).toEqual([]);
    expect(map.concepts.get('Parcel')?.datasources).toHaveLength(2);
  });

  it('reads name, hostname, path (entities decoded), method and body (CDATA)', () => {
    expect(full).toMatchObject({
      name: 'Courier lookup',
      concept: 'Parcel',
      hostname: 'https://couriers.example',
      path: '/parcels/{{%S}}?full=1&lang=en',
      method: 'POST',
      body: '{"parcel": "{{%S}}", "detail": "full & complete"}',
      position: { line: 5, column: 5 },
    });
  });

  it('reads headers, nested actions and inputs', () => {
    expect(full.headers).toEqual([
      { key: 'Accept', value: 'application/json' },
      { key: 'X-Owner', value: '{{%OWNER}}' },
    ]);
    expect(full.actions).toEqual([
      { relationship: 'is at depot', path: '/parcel/depot', children: [] },
      { relationship: 'has stop', path: '/parcel/stops', children: [{ relationship: 'stop town', path: '/town', children: [] }] },
    ]);
    expect(full.inputs[0]).toEqual({
      relationship: 'owns',
      subject: { kind: 'variable', name: 'OWNER' },
      object: { kind: 'variable', name: 'S' },
      value: undefined,
      expression: undefined,
    });
    expect(full.inputs[1]).toMatchObject({ relationship: undefined, value: '%TODAY' });
    expect(full.inputs[1].expression?.functions).toEqual(['today']);
  });

  it('defaults method to GET, path to empty and has no body', () => {
    expect(minimal).toMatchObject({
      name: undefined,
      hostname: 'http://fallback.example',
      path: '',
      method: 'GET',
      body: undefined,
      headers: [],
      inputs: [],
    });
  });
});
