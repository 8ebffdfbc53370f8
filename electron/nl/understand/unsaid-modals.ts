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

/** Whether a relationship's name holds a modal the prompt does not say ("can drive on" for "Who drives…?"). */
export function needsUnsaidModal(relationship: Relationship, tokens: readonly Token[]): boolean {
  const said = new Set(tokens.map((token) => token.text.toLowerCase()));
  return modalsOf(relationship).some((modal) => !said.has(modal));
}

/** The names a reading is about, in either order (a passive says them the other way round). */
function namesOf(reading: Reading): string {
  const values = [reading.subject, ...reading.objects].map((value) => (value?.ok ? String(value.value) : ''));
  return JSON.stringify(values.sort());
}

/**
 * The chosen reading and its rivals with readings that need an unsaid modal left out, when others need
 * none. "Max is groomed by Ann." reads "can be groomed by" a little better than the passive of "grooms"
 * (its name is nearly the words said); a usable reading of the same kind about the very same names
 * (`others`, the clause's other readings) that needs no unsaid modal is chosen instead.
 */
export function withoutUnsaidModals(
  tokens: readonly Token[],
  chosen: Reading,
  rivals: readonly Reading[],
  others: readonly Reading[] = [],
): { readonly chosen: Reading; readonly rivals: readonly Reading[] } {
  const needsUnsaid = (reading: Reading): boolean => needsUnsaidModal(reading.relationship, tokens);
  if (needsUnsaid(chosen)) {
    const plain = others
      .filter((other) => !other.failure && other.kind === chosen.kind && !needsUnsaid(other) && namesOf(other) === namesOf(chosen))
      .sort((a, b) => b.score - a.score)[0];
    if (plain && plain.score < chosen.score) return { chosen: plain, rivals: rivals.filter((rival) => !needsUnsaid(rival)) };
  }
  if (rivals.length === 0) return { chosen, rivals };
  const all = [chosen, ...rivals];
  const kept = all.filter((reading) => !needsUnsaid(reading));
  if (kept.length === 0 || kept.length === all.length) return { chosen, rivals };
  return { chosen: kept[0], rivals: kept.slice(1) };
}
