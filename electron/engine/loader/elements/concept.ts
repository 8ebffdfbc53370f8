/**
 * `<concept>` (spec 2.1) and its `<datasource>` children.
 */
import type { DataType } from '../../model/types';
import { attribute, enumValue, required } from '../attributes';
import { Code } from '../diagnostics';
import type { LoadContext } from '../context';
import type { ConceptDraft } from '../drafts';
import type { XmlElement } from '../xml-reader';
import { checkName, childrenNamed } from './common';
import { readDatasource } from './datasource';

const TYPES: Readonly<Record<string, DataType>> = { string: 'string', number: 'number', date: 'date', truth: 'truth', boolean: 'truth' };
const LEGACY_TYPES = { boolean: 'truth' };
const BEHAVIOURS = { 'mutually-exclusive': true, mutex: true, mx: true };
const SCOPES = { context: true };

/** A concept draft, or undefined when it has no usable name. */
export function readConcept(context: LoadContext, element: XmlElement): ConceptDraft | undefined {
  const nameAttribute = required(context, element, 'name', '<concept>');
  const about = nameAttribute === undefined ? '<concept>' : `concept '${nameAttribute.value}'`;
  // A missing or unknown type is reported; 'string' keeps the concept usable so references to it
  // do not produce a second wave of "not declared" reports.
  const typeAttribute = required(context, element, 'type', about);
  const type = typeAttribute === undefined ? 'string' : enumValue(context, element, 'type', TYPES, 'string', about, LEGACY_TYPES);
  const mutuallyExclusive = enumValue(context, element, 'behaviour', BEHAVIOURS, false, about);
  const contextScoped = enumValue(context, element, 'scope', SCOPES, false, about);
  if (nameAttribute === undefined) return undefined;
  checkName(context, nameAttribute, 'concept');
  const name = nameAttribute.value;
  if (mutuallyExclusive && type !== 'string') {
    const behaviour = attribute(element, 'behaviour');
    context.sink.error(
      Code.invalidValue,
      `${about}: only string concepts can be mutually exclusive (this one is ${type})`,
      behaviour?.offset ?? element.offset,
    );
  }
  const sources = childrenNamed(element, 'datasource');
  if (sources.length > 0 && type !== 'string') {
    context.sink.error(
      Code.misplacedElement,
      `${about}: only string concepts can have a <datasource> (this one is ${type})`,
      sources[0].offset,
    );
  }
  const datasources = sources.flatMap((source) => readDatasource(context, source, name) ?? []);
  return { name, nameAttribute, type, mutuallyExclusive, contextScoped, datasources, element };
}
