/**
 * "Is Max groomed by Ann?" where the map has both "grooms" and "can be groomed by": a modal verb
 * (can, may, must…) in a relationship's name says possibility or duty, which a prompt without that
 * modal does not ask. Among readings equally good, those needing an unsaid modal give way to those
 * that need none; when the prompt says the modal, nothing changes.
 */
import type { Relationship } from '../../engine';
import type { Token } from '../text/tokens';
import type { Reading } from './readings';

/** English modals of possibility and duty (a closed class; the future's "will" is read elsewhere). */
const MODALS = new Set(['can', 'could', 'may', 'might', 'must', 'should', 'ought']);

function modalsOf(relationship: Relationship): string[] {
  return relationship.name
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => MODALS.has(word));
}

/** The chosen reading and its rivals with readings that need an unsaid modal left out, when others need none. */
export function withoutUnsaidModals(
  tokens: readonly Token[],
  chosen: Reading,
  rivals: readonly Reading[],
): { readonly chosen: Reading; readonly rivals: readonly Reading[] } {
  if (rivals.length === 0) return { chosen, rivals };
  const said = new Set(tokens.map((token) => token.text.toLowerCase()));
  const needsUnsaid = (reading: Reading): boolean => modalsOf(reading.relationship).some((modal) => !said.has(modal));
  const all = [chosen, ...rivals];
  const kept = all.filter((reading) => !needsUnsaid(reading));
  if (kept.length === 0 || kept.length === all.length) return { chosen, rivals };
  return { chosen: kept[0], rivals: kept.slice(1) };
}
