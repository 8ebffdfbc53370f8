/**
 * Turning a datasource response into facts by the `<action map="relationship=/path">` mappings.
 */
import type { DataType, DatasourceAction, KnowledgeMap, Value } from '../model/types';
import { coerceValue } from '../values';
import type { PlannedFact } from './answers';
import { objectTypeOf } from '../model/lookup';

function select(data: unknown, path: string): unknown[] {
  let current: unknown[] = [data];
  for (const segment of path.split('/').filter((part) => part !== '')) {
    const next: unknown[] = [];
    for (const value of current) {
      if (Array.isArray(value)) {
        if (/^\d+$/.test(segment)) next.push(value[Number(segment)]);
        else for (const item of value) if (item && typeof item === 'object') next.push((item as Record<string, unknown>)[segment]);
      } else if (value && typeof value === 'object') {
        next.push((value as Record<string, unknown>)[segment]);
      }
    }
    current = next.filter((value) => value !== undefined);
  }
  return current.flatMap((value) => (Array.isArray(value) ? value : [value]));
}

function toValue(raw: unknown, type: DataType): Value | undefined {
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return coerceValue(raw, type);
  return undefined;
}

/** Facts about `subject` produced by the actions from a response body (JSON; plain text as a single value). */
export function factsFromResponse(map: KnowledgeMap, actions: readonly DatasourceAction[], subject: string, text: string): PlannedFact[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = text;
  }
  const facts: PlannedFact[] = [];
  const walk = (scope: unknown, list: readonly DatasourceAction[]): void => {
    for (const action of list) {
      const selected = select(scope, action.path);
      if (action.children.length > 0) {
        for (const item of selected) walk(item, action.children);
      }
      if (!map.relationships.has(action.relationship)) continue;
      const type = objectTypeOf(map, action.relationship);
      for (const raw of selected) {
        const object = toValue(raw, type);
        if (object !== undefined) facts.push({ subject, relationship: action.relationship, object, objectType: type, certainty: 100 });
      }
    }
  };
  walk(data, actions);
  return facts;
}
