/**
 * `<import>` (another published map, spec 2.9) and `<compound>` (accepted by the platform's
 * validator, meaning unknown: read and ignored).
 */
import type { MapImport } from '../../model/types';
import { attribute, required } from '../attributes';
import { Code } from '../diagnostics';
import type { LoadContext } from '../context';
import type { XmlElement } from '../xml-reader';
import { positionOf } from './common';

/** An import, or undefined without a `km`. */
export function readImport(context: LoadContext, element: XmlElement): MapImport | undefined {
  const km = required(context, element, 'km', '<import>');
  const version = attribute(element, 'versionNumber');
  let versionNumber: number | undefined;
  if (version !== undefined) {
    const text = version.value.trim();
    if (/^[0-9]+$/.test(text) && Number(text) >= 1) versionNumber = Number(text);
    else
      context.sink.error(
        Code.invalidValue,
        `<import>: versionNumber must be a whole number of at least 1 (got "${version.value}")`,
        version.offset,
      );
  }
  if (km === undefined) return undefined;
  return { km: km.value.trim(), versionNumber, position: positionOf(context, element) };
}

/** `<compound>`: its meaning is undocumented, so it is read, reported and ignored. */
export function reportCompound(context: LoadContext, element: XmlElement): void {
  context.sink.warning(Code.compoundIgnored, '<compound> is not supported (its meaning is undocumented); it is ignored', element.offset);
}
