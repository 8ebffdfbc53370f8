/**
 * Second pass: resolve every name now that the whole document has been read, and assemble the model.
 *
 * The model only ever contains usable parts: a relationship whose concepts are missing, a fact whose
 * object cannot be typed or a rule with a broken condition is reported and left out, so that the
 * solver never meets half-built objects. (A condition on an undeclared relationship stays: that is a
 * warning, and the solver finds no facts for it.)
 */
import type { Concept, KnowledgeMap, Rule } from '../../model/types';
import type { LoadContext } from '../context';
import type { MapDraft } from '../drafts';
import { resolveDatasource } from './datasources';
import { resolveConcepts, resolveInstances, resolveRelationships } from './declarations';
import { resolveFacts } from './facts';
import { resolveRules } from './rules';
import { Scope } from './scope';

/** The model, and the scope it was built in (kept for the advice pass, which needs the drafts). */
export interface Resolution {
  readonly map: KnowledgeMap;
  readonly scope: Scope;
}

/** Resolve all drafts into a {@link KnowledgeMap}, reporting every reference that does not resolve. */
export function resolve(context: LoadContext, draft: MapDraft): Resolution {
  const scope = new Scope(context, draft.imports.length > 0);
  resolveConcepts(scope, draft);
  resolveRelationships(scope, draft);
  resolveInstances(scope, draft);
  const facts = resolveFacts(scope, draft.facts);
  const rules = resolveRules(scope, draft.rules);
  const concepts = new Map<string, Concept>();
  for (const [name, concept] of scope.concepts) {
    const datasources = scope.conceptDrafts.get(name)?.datasources ?? [];
    // Written out, not spread: a spread copies through a slow generic path (1% of a load). Same keys, same order.
    concepts.set(name, {
      name: concept.name,
      type: concept.type,
      mutuallyExclusive: concept.mutuallyExclusive,
      contextScoped: concept.contextScoped,
      position: concept.position,
      datasources: datasources.length === 0 ? [] : datasources.map((source) => resolveDatasource(scope, source)),
    });
  }
  const rulesByRelationship = new Map<string, Rule[]>();
  for (const rule of rules) {
    const list = rulesByRelationship.get(rule.relationship);
    if (list === undefined) rulesByRelationship.set(rule.relationship, [rule]);
    else list.push(rule);
  }
  const map: KnowledgeMap = {
    concepts,
    instances: scope.instances,
    relationships: scope.relationships,
    facts,
    rules,
    rulesByRelationship,
    imports: draft.imports,
  };
  return { map, scope };
}
