/**
 * Small questions asked of a loaded map by the solver and the session.
 */
import type { DataType, KnowledgeMap } from './types';

/** The data type of a relationship's object concept (`string` when the map does not say). */
export function objectTypeOf(map: KnowledgeMap, relationship: string): DataType {
  const definition = map.relationships.get(relationship);
  return (definition && map.concepts.get(definition.object)?.type) ?? 'string';
}
