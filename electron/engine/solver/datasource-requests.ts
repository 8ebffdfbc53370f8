/**
 * Building the HTTP request of a `<datasource>` for a subject: which datasources map a relationship,
 * and the URL, headers and body with `{{%S}}` / `{{%VAR}}` filled in.
 */
import { evaluate } from '../expressions';
import type { Datasource, DatasourceAction, KnowledgeMap, Relationship, Value } from '../model/types';
import type { Fact } from '../facts/fact';
import type { DatasourceRequest } from './signals';

interface RequestHost {
  readonly map: KnowledgeMap;
  readonly now: number;
  solve(relationship: string, subject: string | undefined, object: Value | undefined): readonly Fact[];
}

function mapsRelationship(actions: readonly DatasourceAction[], relationship: string): boolean {
  return actions.some((action) => action.relationship === relationship || mapsRelationship(action.children, relationship));
}

/** Datasources of the relationship's subject concept that produce facts of it. */
export function datasourcesFor(map: KnowledgeMap, relationship: Relationship): readonly Datasource[] {
  const concept = map.concepts.get(relationship.subject);
  if (!concept || concept.datasources.length === 0) return [];
  return concept.datasources.filter((datasource) => mapsRelationship(datasource.actions, relationship.name));
}

/** Fills `{{%NAME}}` placeholders; unknown names become empty strings. */
function fillTemplate(template: string, variables: ReadonlyMap<string, string>, encode: (text: string) => string): string {
  return template.replace(/\{\{\s*%([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g, (_, name: string) => encode(variables.get(name) ?? ''));
}

/**
 * The request for `subject`, with input variables resolved by solving their relationships (which may
 * itself suspend the run for a question). Undefined when an input cannot be bound.
 */
export function buildDatasourceRequest(host: RequestHost, datasource: Datasource, subject: string): DatasourceRequest | undefined {
  const variables = new Map<string, string>([['S', subject]]);
  for (const input of datasource.inputs) {
    if (input.relationship) {
      const subjectTerm = input.subject;
      const objectTerm = input.object;
      const known = (term: typeof subjectTerm): Value | undefined =>
        term === undefined ? undefined : term.kind === 'literal' ? term.value : variables.get(term.name);
      const facts = host.solve(
        input.relationship,
        known(subjectTerm) === undefined ? undefined : String(known(subjectTerm)),
        known(objectTerm),
      );
      const fact = facts[0];
      if (!fact) return undefined;
      if (subjectTerm?.kind === 'variable' && !variables.has(subjectTerm.name)) variables.set(subjectTerm.name, fact.subject);
      if (objectTerm?.kind === 'variable' && !variables.has(objectTerm.name)) variables.set(objectTerm.name, String(fact.object));
    } else if (input.expression && input.value) {
      const result = evaluate(input.expression, {
        variable: (name) => (variables.has(name) ? { value: variables.get(name) ?? null, type: 'string' } : undefined),
        listFacts: () => [],
        now: () => host.now,
      });
      if (!result.ok) return undefined;
      variables.set(input.value.replace(/^%/, ''), String(result.value.value));
    }
  }
  const url =
    datasource.hostname.replace(/\/+$/, '') +
    fillTemplate(
      datasource.path.startsWith('/') || datasource.path === '' ? datasource.path : '/' + datasource.path,
      variables,
      encodeURIComponent,
    );
  const headers: Record<string, string> = {};
  for (const header of datasource.headers) headers[header.key] = fillTemplate(header.value, variables, (text) => text);
  const body = datasource.body === undefined ? undefined : fillTemplate(datasource.body, variables, (text) => text);
  const key = `${datasource.concept}\u0000${datasource.position.line}:${datasource.position.column}\u0000${subject}`;
  return { datasource, subject, key, url, method: datasource.method, headers, body };
}
