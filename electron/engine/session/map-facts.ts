/**
 * The map's own facts as an index, built once per loaded map and shared by all of its sessions.
 */
import { Fact, FactIndex } from '../facts/fact';
import { objectTypeOf } from '../model/lookup';
import type { KnowledgeMap } from '../model/types';

const indexes = new WeakMap<KnowledgeMap, FactIndex>();
/** Map facts have no time of their own (evidence gives them the session's start). */
const MAP_STAMP = { time: 0 };

export function mapFactIndex(map: KnowledgeMap): FactIndex {
  let index = indexes.get(map);
  if (!index) {
    index = new FactIndex();
    for (const fact of map.facts) {
      index.add(new Fact(fact.subject, fact.relationship, fact.object, objectTypeOf(map, fact.relationship), fact.certainty, 'knowledgemap', MAP_STAMP));
    }
    indexes.set(map, index);
  }
  return index;
}
