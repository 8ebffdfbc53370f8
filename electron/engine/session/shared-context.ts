/**
 * Context-scoped facts: one fact index shared by every session of a context.
 */
import { FactIndex } from '../facts/fact';
import type { KnowledgeMap } from '../model/types';
import type { SharedContext } from './types';

/** The engine-side state behind a `SharedContext` handle. */
class ContextFacts implements SharedContext {
  readonly facts = new FactIndex();

  constructor(readonly id: string) {}
}

export function createContext(id: string): SharedContext {
  return new ContextFacts(id);
}

export function contextFactsOf(context: SharedContext | undefined): FactIndex | undefined {
  return context instanceof ContextFacts ? context.facts : undefined;
}

/** A fact belongs to the context when its relationship, or the concept at either end, is context-scoped. */
export function isContextScoped(map: KnowledgeMap, relationship: string): boolean {
  const definition = map.relationships.get(relationship);
  if (!definition) return false;
  return (
    definition.contextScoped ||
    !!map.concepts.get(definition.subject)?.contextScoped ||
    !!map.concepts.get(definition.object)?.contextScoped
  );
}
