/**
 * `<concinst>` (spec 2.2) with its `<meta>` entries.
 */
import type { MetadataEntry } from '../../model/types';
import { optionalText, required } from '../attributes';
import type { LoadContext } from '../context';
import type { InstanceDraft } from '../drafts';
import type { XmlElement } from '../xml-reader';
import { checkName, childrenNamed, textContent } from './common';

/** An instance draft, or undefined without a name or concept. */
export function readInstance(context: LoadContext, element: XmlElement): InstanceDraft | undefined {
  const name = required(context, element, 'name', '<concinst>');
  const about = name === undefined ? '<concinst>' : `instance '${name.value}'`;
  const concept = required(context, element, 'type', about);
  if (name === undefined || concept === undefined) return undefined;
  checkName(context, name, 'instance');
  const metadata: MetadataEntry[] = childrenNamed(element, 'meta').map((meta) => ({
    // `type` is optional; `md` (markdown) is the only kind seen in maps.
    dataType: optionalText(meta, 'type') ?? 'md',
    data: textContent(meta) ?? '',
  }));
  return { name: name.value, concept, metadata, element };
}
