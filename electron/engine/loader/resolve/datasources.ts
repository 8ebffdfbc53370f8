/**
 * Resolving datasources: each action maps a response path to a relationship that must exist (the
 * facts could not be stored otherwise: error); inputs may name relationships that do not exist
 * (warning: the input never binds, as a condition would never match).
 */
import type { Datasource, DatasourceAction, DatasourceInput, Relationship, Term } from '../../model/types';
import { Code } from '../diagnostics';
import type { ActionDraft, DatasourceDraft, InputDraft, Written } from '../drafts';
import { positionOf } from '../elements/common';
import type { Scope } from './scope';

function describe(draft: DatasourceDraft): string {
  return draft.name === undefined ? `datasource of concept '${draft.concept}'` : `datasource '${draft.name}' of concept '${draft.concept}'`;
}

/** A datasource with its actions and inputs resolved against the map's relationships. */
export function resolveDatasource(scope: Scope, draft: DatasourceDraft): Datasource {
  const about = describe(draft);
  return {
    name: draft.name,
    concept: draft.concept,
    hostname: draft.hostname,
    path: draft.path,
    method: draft.method,
    body: draft.body,
    headers: draft.headers,
    actions: resolveActions(scope, draft.actions, about),
    inputs: draft.inputs.flatMap((input) => resolveInput(scope, input, draft, about) ?? []),
    position: positionOf(scope.context, draft.element),
  };
}

function undeclaredInAction(name: string, about: string): string {
  return `${about}: action maps to relationship '${name}', which is not declared`;
}

function undeclaredInInput(name: string, about: string): string {
  return `${about}: relationship '${name}' is not declared; the input can never be bound`;
}

function resolveActions(scope: Scope, drafts: readonly ActionDraft[], about: string): DatasourceAction[] {
  const actions: DatasourceAction[] = [];
  for (const draft of drafts) {
    const relationship = scope.relationship(draft.relationship, 'error', undeclaredInAction, about);
    const children = resolveActions(scope, draft.children, about);
    if (relationship !== undefined) actions.push({ relationship: relationship.name, path: draft.path, children });
  }
  return actions;
}

function resolveInput(scope: Scope, draft: InputDraft, datasource: DatasourceDraft, about: string): DatasourceInput | undefined {
  const inputAbout = `input of ${about}`;
  const relationship =
    draft.relationship === undefined ? undefined : scope.relationship(draft.relationship, 'warning', undeclaredInInput, inputAbout);
  const term = (written: Written | undefined, end: 'subject' | 'object'): Term | undefined | null => {
    if (written === undefined) return undefined;
    const type = end === 'subject' || relationship === undefined ? 'string' : scope.typeOf(relationship.object);
    return scope.term(written, type, inputAbout, end, relationship?.name ?? draft.relationship?.value ?? '?', false) ?? null;
  };
  const subject = term(draft.subject, 'subject');
  const object = term(draft.object, 'object');
  if (relationship !== undefined) checkSelfType(scope, relationship, draft, datasource.concept, inputAbout);
  if (subject === null || object === null) return undefined;
  return {
    relationship: relationship?.name ?? draft.relationship?.value,
    subject,
    object,
    value: draft.value,
    expression: draft.expression,
  };
}

/** `%S` in an input is an instance of the datasource's concept: it must fit the relationship's end. */
function checkSelfType(scope: Scope, relationship: Relationship, draft: InputDraft, concept: string, about: string): void {
  for (const end of ['subject', 'object'] as const) {
    const written = draft[end];
    if (written?.value.trim() !== '%S' || relationship[end] === concept) continue;
    scope.context.sink.warning(
      Code.datasourceInput,
      `${about}: %S is a '${concept}', but the ${end} of '${relationship.name}' must be a '${relationship[end]}'; the input can never be bound`,
      written.offset,
    );
  }
}
