import { afterEach, describe, expect, it } from 'vitest';
import { openWorkbenchStore, StoreError } from './index';
import { tempStore } from './test-support/fixtures';

const disposers: Array<() => void> = [];
afterEach(() => disposers.splice(0).forEach((dispose) => dispose()));
function setup() {
  const temp = tempStore();
  disposers.push(temp.dispose);
  return temp;
}

const custom = {
  id: 'staging',
  name: 'Staging',
  kind: 'custom' as const,
  baseUrl: 'https://staging.example.com',
  defaultMapId: 'map-1',
  versionPolicy: { kind: 'version' as const, version: 3 },
  builtIn: false,
};

describe('EnvironmentsRepository', () => {
  it('saves, reads back after reopening, updates and deletes', () => {
    const { store, file } = setup();
    const saved = store.environments.save(custom);
    expect(saved).toMatchObject({ id: 'staging', versionPolicy: { kind: 'version', version: 3 }, builtIn: false });
    store.close();

    const reopened = openWorkbenchStore(file);
    const updated = reopened.environments.save({ ...custom, name: 'Staging EU', versionPolicy: { kind: 'live' } });
    expect(updated.name).toBe('Staging EU');
    expect(updated.versionPolicy).toEqual({ kind: 'live' });
    expect(updated.createdAt).toBe(saved.createdAt);
    expect(reopened.environments.list().map((env) => env.id)).toEqual(['staging']);
    expect(reopened.environments.delete('staging')).toBe(true);
    expect(reopened.environments.delete('staging')).toBe(false);
    reopened.close();
  });

  it('refuses a bad record with a message naming the field, and keeps what was stored', () => {
    const { store } = setup();
    store.environments.save(custom);
    const attempt = () => store.environments.save({ ...custom, name: '  ', versionPolicy: { kind: 'version', version: 0 } });
    expect(attempt).toThrow(StoreError);
    expect(attempt).toThrow(/name: a name is required/);
    expect(attempt).toThrow(/versionPolicy\.version/);
    expect(store.environments.get('staging')?.name).toBe('Staging');
  });

  it('refuses a duplicate name (case-insensitively) and changes nothing', () => {
    const { store } = setup();
    store.environments.save(custom);
    expect(() => store.environments.save({ ...custom, id: 'other', name: 'STAGING' })).toThrow(/already exists/);
    expect(store.environments.list()).toHaveLength(1);
  });

  it('ensure() inserts missing records only, leaving edited ones alone', () => {
    const { store } = setup();
    store.environments.ensure([{ ...custom, builtIn: true, position: 0 }]);
    store.environments.save({ ...custom, builtIn: true, position: 0, defaultMapId: 'edited' });
    store.environments.ensure([
      { ...custom, builtIn: true, position: 0 },
      { ...custom, id: 'second', name: 'Second' },
    ]);
    expect(store.environments.list().map((env) => [env.id, env.defaultMapId])).toEqual([
      ['staging', 'edited'],
      ['second', 'map-1'],
    ]);
  });

  it('has no column that could hold a key', () => {
    const { store } = setup();
    const columns = store.db
      .prepare<[], { name: string }>("SELECT name FROM pragma_table_info('environments')")
      .all()
      .map((c) => c.name);
    expect(columns.filter((name) => /key|secret|token|password/i.test(name))).toEqual([]);
  });
});
