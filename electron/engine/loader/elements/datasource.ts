/**
 * `<datasource>` (spec 2.8): an HTTP call whose response is mapped to facts about the concept's instances.
 */
import { attribute, enumValue, optionalText, required } from '../attributes';
import { Code } from '../diagnostics';
import type { LoadContext } from '../context';
import type { ActionDraft, DatasourceDraft, InputDraft, Written } from '../drafts';
import type { XmlElement } from '../xml-reader';
import { childrenNamed, textContent } from './common';
import { readExpression } from './expression';

const METHODS = { GET: 'GET', POST: 'POST' } as const;

/** A datasource draft, or undefined when its hostname is missing. */
export function readDatasource(context: LoadContext, element: XmlElement, concept: string): DatasourceDraft | undefined {
  const name = optionalText(element, 'name');
  const about = name === undefined ? `datasource of concept '${concept}'` : `datasource '${name}' of concept '${concept}'`;
  const hostname = required(context, element, 'hostname', about);
  if (hostname !== undefined && !/^https?:\/\//i.test(hostname.value.trim())) {
    context.sink.error(
      Code.datasourceHostname,
      `${about}: hostname "${hostname.value}" must start with http:// or https://`,
      hostname.offset,
    );
  }
  const method = enumValue<'GET' | 'POST'>(context, element, 'method', METHODS, 'GET', about);
  const headers = childrenNamed(element, 'headers').flatMap((group) =>
    childrenNamed(group, 'header').flatMap((header) => {
      const key = required(context, header, 'key', `<header> of ${about}`);
      return key === undefined ? [] : [{ key: key.value, value: optionalText(header, 'value') ?? '' }];
    }),
  );
  const actions = readActions(context, element, about);
  if (childrenNamed(element, 'action').length === 0) {
    context.sink.warning(
      Code.datasourceAction,
      `${about} has no <action map="relationship=/path"/>, so it produces no facts`,
      element.offset,
    );
  }
  const inputs = childrenNamed(element, 'input').map((input) => readInput(context, input, about));
  if (hostname === undefined) return undefined;
  return {
    name,
    concept,
    hostname: hostname.value.trim(),
    path: optionalText(element, 'path') ?? '',
    method,
    body: textContent(element),
    headers,
    actions,
    inputs,
    element,
  };
}

/** `<action map="relationship name=/Response/Path">`, nested for repeated structures. */
function readActions(context: LoadContext, parent: XmlElement, about: string): ActionDraft[] {
  const actions: ActionDraft[] = [];
  for (const element of childrenNamed(parent, 'action')) {
    const map = required(context, element, 'map', `<action> of ${about}`);
    if (map === undefined) continue;
    const equals = map.value.indexOf('=');
    const relationship = equals < 0 ? '' : map.value.slice(0, equals).trim();
    const path = equals < 0 ? '' : map.value.slice(equals + 1).trim();
    if (relationship === '' || path === '') {
      context.sink.error(
        Code.datasourceAction,
        `${about}: action map "${map.value}" must have the form "relationship name=/path/in/response"`,
        map.offset,
      );
      continue;
    }
    actions.push({ relationship: { value: relationship, offset: map.offset }, path, children: readActions(context, element, about) });
  }
  return actions;
}

function readInput(context: LoadContext, element: XmlElement, about: string): InputDraft {
  const written = (name: string): Written | undefined => {
    const found = attribute(element, name);
    return found === undefined ? undefined : { value: found.value.trim(), offset: found.offset };
  };
  const expressionAttribute = attribute(element, 'expression');
  return {
    relationship: written('rel'),
    subject: written('subject'),
    object: written('object'),
    value: optionalText(element, 'value'),
    expression:
      expressionAttribute === undefined ? undefined : readExpression(context, expressionAttribute, `input of ${about}`)?.expression,
    element,
  };
}
