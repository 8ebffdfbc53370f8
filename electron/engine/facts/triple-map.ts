/**
 * A map keyed by (relationship, subject, object) without building string keys: nested Maps keyed by
 * the raw values (SameValueZero keeps `1`, `'1'` and `true` apart), the objects of one
 * (relationship, subject) in an `ObjectTable` (a Map until it is large). Used where thousands of
 * facts are looked up per query.
 */
import type { Value } from '../model/types';
import { ObjectTable } from './object-table';

export class TripleMap<T> {
  private readonly byRelationship = new Map<string, Map<string, ObjectTable<T>>>();
  private count = 0;
  /**
   * The objects of the (relationship, subject) last stored under: consecutive facts of a join share
   * them. (Maps of objects are never removed, so it stays valid.)
   */
  private last: { relationship: string; subject: string; objects: ObjectTable<T> } | undefined;

  get size(): number {
    return this.count;
  }

  get(relationship: string, subject: string, object: Value): T | undefined {
    return this.byRelationship.get(relationship)?.get(subject)?.get(object);
  }

  set(relationship: string, subject: string, object: Value, value: T): void {
    const byObject = this.objectsOf(relationship, subject);
    const before = byObject.size;
    byObject.set(object, value);
    this.count += byObject.size - before;
  }

  /** Stores `value` unless the triple has a value already, which is returned instead. */
  setIfAbsent(relationship: string, subject: string, object: Value, value: T): T | undefined {
    const byObject = this.objectsOf(relationship, subject);
    const existing = byObject.setIfAbsent(object, value);
    if (existing === undefined) this.count++;
    return existing;
  }

  private objectsOf(relationship: string, subject: string): ObjectTable<T> {
    const last = this.last;
    if (last && last.relationship === relationship && last.subject === subject) return last.objects;
    let bySubject = this.byRelationship.get(relationship);
    if (!bySubject) this.byRelationship.set(relationship, (bySubject = new Map()));
    let byObject = bySubject.get(subject);
    if (!byObject) bySubject.set(subject, (byObject = new ObjectTable()));
    this.last = { relationship, subject, objects: byObject };
    return byObject;
  }

  delete(relationship: string, subject: string, object: Value): void {
    if (this.byRelationship.get(relationship)?.get(subject)?.delete(object)) this.count--;
  }

  *values(): IterableIterator<T> {
    for (const bySubject of this.byRelationship.values()) for (const byObject of bySubject.values()) yield* byObject.valuesInOrder();
  }

  /** Removes every entry for which `drop` is true. */
  prune(drop: (value: T) => boolean): void {
    for (const bySubject of this.byRelationship.values()) {
      for (const byObject of bySubject.values()) {
        for (const [object, value] of byObject.entries()) {
          if (drop(value)) {
            byObject.delete(object);
            this.count--;
          }
        }
      }
    }
  }
}
