import { describe, expect, it } from 'vitest';
import { Fact, FactIndex, type FactOrigin } from './fact';

const speaks: FactOrigin = { relationship: 'speaks', objectType: 'string', source: 'injection', time: 0 };
const livesIn: FactOrigin = { relationship: 'lives in', objectType: 'string', source: 'injection', time: 0 };

function objects(index: FactIndex, relationship: string, subject?: string, object?: string): unknown[] {
  return index.match(relationship, subject, object).map((fact) => fact.object);
}

describe('FactIndex', () => {
  it('finds facts by relationship, subject and object, in the order they were added', () => {
    const index = new FactIndex();
    for (const [origin, subject, object] of [
      [speaks, 'Ada', 'English'],
      [speaks, 'Ada', 'French'],
      [livesIn, 'Ada', 'France'],
      [speaks, 'Bo', 'English'],
    ] as const) {
      index.add(new Fact(subject, object, 100, origin));
    }
    expect(objects(index, 'speaks', 'Ada')).toEqual(['English', 'French']);
    expect(objects(index, 'speaks')).toEqual(['English', 'French', 'English']);
    expect(index.match('speaks', undefined, 'English').map((fact) => fact.subject)).toEqual(['Ada', 'Bo']);
    expect(objects(index, 'lives in', 'Ada')).toEqual(['France']);
    expect(index.size).toBe(4);
  });

  it('lists a subject again after its last fact was removed', () => {
    // Removing a subject's last fact drops its list; a fact added after must not go to the old one.
    const index = new FactIndex();
    const first = new Fact('Ada', 'English', 100, speaks);
    index.add(first);
    index.remove(first);
    expect(objects(index, 'speaks', 'Ada')).toEqual([]);
    index.add(new Fact('Ada', 'French', 100, speaks));
    expect(objects(index, 'speaks', 'Ada')).toEqual(['French']);
    expect(index.get('Ada', 'speaks', 'French')?.object).toBe('French');
    expect(index.get('Ada', 'speaks', 'English')).toBeUndefined();
  });

  it('keeps one fact per triple when merging, and returns the one it kept', () => {
    const index = new FactIndex();
    const kept = new Fact('Ada', 'English', 60, speaks);
    expect(index.addUnlessMerged(kept)).toBeUndefined();
    expect(index.addUnlessMerged(new Fact('Ada', 'English', 90, speaks))).toBe(kept);
    expect(index.addUnlessMerged(new Fact('Ada', 'French', 90, speaks))).toBeUndefined();
    expect(objects(index, 'speaks', 'Ada')).toEqual(['English', 'French']);
  });

  it('lists facts by relationship and by subject in the order added, as subjects come and facts are removed', () => {
    const index = new FactIndex();
    const ada = ['English', 'French'].map((object) => new Fact('Ada', object, 100, speaks));
    for (const fact of ada) index.add(fact);
    expect(objects(index, 'speaks')).toEqual(['English', 'French']);
    index.add(new Fact('Bo', 'Dutch', 100, speaks));
    index.add(new Fact('Ada', 'German', 100, speaks));
    expect(objects(index, 'speaks')).toEqual(['English', 'French', 'Dutch', 'German']);
    expect(objects(index, 'speaks', 'Ada')).toEqual(['English', 'French', 'German']);
    expect(objects(index, 'speaks', 'Bo')).toEqual(['Dutch']);
    index.remove(ada[0]);
    expect(objects(index, 'speaks')).toEqual(['French', 'Dutch', 'German']);
    expect(objects(index, 'speaks', 'Ada')).toEqual(['French', 'German']);

    const single = new FactIndex();
    const only = new Fact('Ada', 'English', 100, speaks);
    single.add(only);
    single.add(new Fact('Ada', 'French', 100, speaks));
    single.remove(only);
    expect(objects(single, 'speaks')).toEqual(['French']);
    expect(objects(single, 'speaks', 'Ada')).toEqual(['French']);
    single.remove(single.match('speaks', 'Ada', undefined)[0]);
    expect(objects(single, 'speaks')).toEqual([]);
    expect(single.size).toBe(0);
    single.add(new Fact('Bo', 'Dutch', 100, speaks));
    single.add(new Fact('Cy', 'Welsh', 100, speaks));
    expect(objects(single, 'speaks')).toEqual(['Dutch', 'Welsh']);
    expect(objects(single, 'speaks', 'Bo')).toEqual(['Dutch']);
    expect(objects(single, 'speaks', 'Cy')).toEqual(['Welsh']);
  });
});
