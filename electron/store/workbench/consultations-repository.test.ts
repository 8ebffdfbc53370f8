import { afterEach, describe, expect, it } from 'vitest';
import { openWorkbenchStore, StoreError } from './index';
import { helloTranscript, tempStore } from './test-support/fixtures';

const disposers: Array<() => void> = [];
afterEach(() => disposers.splice(0).forEach((dispose) => dispose()));
function setup() {
  const temp = tempStore();
  disposers.push(temp.dispose);
  return temp;
}

describe('ConsultationsRepository', () => {
  it('saves the full transcript and summarises it', () => {
    const { store, file } = setup();
    const summary = store.consultations.save({ title: 'John speaks', notes: 'first try', transcript: helloTranscript() });
    expect(summary).toMatchObject({
      title: 'John speaks',
      mapId: 'hello-world',
      environmentName: 'Local',
      query: 'speaks(John, ?)',
      questionCount: 1,
      results: [{ subject: 'John', relationship: 'speaks', object: 'English', certainty: 75 }],
    });
    store.close();

    const reopened = openWorkbenchStore(file);
    const saved = reopened.consultations.get(summary.id);
    expect(saved?.transcript).toEqual(helloTranscript());
    expect(saved?.notes).toBe('first try');
    reopened.close();
  });

  it('updates title and notes without touching the transcript, keeping createdAt', () => {
    let tick = 0;
    const { dir } = setup();
    const store = openWorkbenchStore(`${dir}/clock.sqlite`, { now: () => `2026-11-22T12:00:0${tick++}.000Z` });
    const first = store.consultations.save({ title: 'A', transcript: helloTranscript() });
    const updated = store.consultations.update(first.id, { notes: 'why John speaks English' });
    expect(updated.title).toBe('A');
    expect(updated.createdAt).toBe(first.createdAt);
    expect(updated.updatedAt > first.updatedAt).toBe(true);
    expect(store.consultations.get(first.id)?.notes).toBe('why John speaks English');
    expect(() => store.consultations.update('missing', { title: 'x' })).toThrow(/No saved consultation/);
    store.close();
  });

  it('searches by map, relationship, subject and text, all criteria together', () => {
    const { store } = setup();
    const john = store.consultations.save({ title: 'John speaks', transcript: helloTranscript() });
    const other = helloTranscript({ target: { ...helloTranscript().target, mapId: 'other-map' }, steps: [] });
    const empty = store.consultations.save({ title: 'Empty 100%_run', notes: 'nothing asked', transcript: other });

    const ids = (query: Parameters<typeof store.consultations.search>[0]) => store.consultations.search(query).items.map((item) => item.id);
    expect(ids({ mapId: 'hello-world' })).toEqual([john.id]);
    expect(ids({ relationship: 'LIVES IN' })).toEqual([john.id]);
    expect(ids({ subject: 'mary' })).toEqual([john.id]);
    expect(ids({ text: 'where does john' })).toEqual([john.id]);
    expect(ids({ text: 'english' })).toEqual([john.id]);
    expect(ids({ text: '100%_' })).toEqual([empty.id]);
    expect(ids({ text: '%' })).toEqual([empty.id]);
    expect(ids({ mapId: 'other-map', relationship: 'speaks' })).toEqual([]);
    expect(store.consultations.search({ limit: 1 })).toMatchObject({ total: 2, items: [expect.anything()] });
    expect(store.consultations.list().total).toBe(2);
  });

  it('refuses an invalid transcript with a message naming the field, keeping the stored version', () => {
    const { store } = setup();
    const saved = store.consultations.save({ title: 'Keep me', transcript: helloTranscript() });
    const broken = { ...helloTranscript(), steps: [{ kind: 'query', at: 'now', query: { relationship: '' } }] };
    // @ts-expect-error a malformed transcript, as a buggy caller could send
    const attempt = () => store.consultations.save({ id: saved.id, title: 'Replaced', transcript: broken });
    expect(attempt).toThrow(StoreError);
    expect(attempt).toThrow(/transcript\.steps\.0/);
    expect(store.consultations.get(saved.id)?.title).toBe('Keep me');
  });

  it('rolls back the whole save when the search index cannot be written', () => {
    const { store } = setup();
    const saved = store.consultations.save({ title: 'Original', transcript: helloTranscript() });
    // Simulates a failure half-way through the transaction (after the row is replaced).
    store.db.exec(`CREATE TEMP TRIGGER fail_terms BEFORE INSERT ON consultation_terms WHEN NEW.value = 'Mary'
      BEGIN SELECT RAISE(ABORT, 'disk on fire'); END`);
    expect(() => store.consultations.save({ id: saved.id, title: 'Half-written', transcript: helloTranscript() })).toThrow(/disk on fire/);
    expect(store.consultations.get(saved.id)?.title).toBe('Original');
    expect(store.consultations.search({ subject: 'John' }).total).toBe(1);
  });

  it('deletes a consultation with its search terms', () => {
    const { store } = setup();
    const saved = store.consultations.save({ title: 'Gone', transcript: helloTranscript() });
    expect(store.consultations.delete(saved.id)).toBe(true);
    expect(store.consultations.delete(saved.id)).toBe(false);
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM consultation_terms').get()).toEqual({ n: 0 });
  });
});
