/**
 * The map's own facts as an index, built once per loaded map and shared by all of its sessions.
 */
import { Fact, FactIndex, type FactOrigin } from '../facts/fact';
import { objectTypeOf } from '../model/lookup';
import type { KnowledgeMap } from '../model/types';

const indexes = new WeakMap<KnowledgeMap, FactIndex>();

export function mapFactIndex(map: KnowledgeMap): FactIndex {
  let index = indexes.get(map);
  if (!index) {
    index = new FactIndex();
    const origins = new Map<string, FactOrigin>();
    for (const fact of map.facts) {
      let origin = origins.get(fact.relationship);
      // Map facts have no time of their own (evidence gives them the session's start).
      if (!origin)
        origins.set(
          fact.relationship,
          (origin = { relationship: fact.relationship, objectType: objectTypeOf(map, fact.relationship), source: 'knowledgemap', time: 0 }),
        );
      index.add(new Fact(fact.subject, fact.object, fact.certainty, origin));
    }
    indexes.set(map, index);
  }
  return index;
}
