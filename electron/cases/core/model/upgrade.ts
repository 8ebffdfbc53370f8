/**
 * Per-version upgrades of case documents. A document written by an older Lapwing is raised one
 * format version at a time until it is current, then validated by the current schema; each step
 * is a pure function of the raw JSON. Format 1 is the first, so the table is empty until the
 * format changes: add `UPGRADES.set(1, upgrade1to2)` then, and never edit a shipped step.
 */
import { CASE_FORMAT_VERSION } from './schema';
import { CaseErrorCodes, fail, ok, type CaseResult } from './problems';

export type RawDocument = Record<string, unknown>;
/** Takes a document of version N and returns it as version N + 1. */
export type UpgradeStep = (document: RawDocument) => RawDocument;

/** Steps keyed by the version they upgrade from. */
export const UPGRADES: ReadonlyMap<number, UpgradeStep> = new Map<number, UpgradeStep>();

/** A document's format version, if this Lapwing can read it (a whole number, not newer than `current`). */
export function checkFormatVersion(version: unknown, current = CASE_FORMAT_VERSION): CaseResult<number> {
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return fail({
      code: CaseErrorCodes.unsupportedVersion,
      message: 'formatVersion must be a positive whole number',
      path: '$.formatVersion',
    });
  }
  if (version > current) {
    return fail({
      code: CaseErrorCodes.unsupportedVersion,
      message: `format version ${version} was written by a newer Lapwing; this one reads up to ${current}`,
      path: '$.formatVersion',
    });
  }
  return ok(version);
}

/** Raises `document` to `current`, or says why it cannot (missing, newer or unknown version). */
export function upgradeDocument(
  document: RawDocument,
  upgrades: ReadonlyMap<number, UpgradeStep> = UPGRADES,
  current = CASE_FORMAT_VERSION,
): CaseResult<RawDocument> {
  const checked = checkFormatVersion(document.formatVersion, current);
  if (!checked.ok) return checked;
  const version = checked.value;
  let upgraded = document;
  for (let from = version; from < current; from += 1) {
    const step = upgrades.get(from);
    if (!step)
      return fail({ code: CaseErrorCodes.unsupportedVersion, message: `no upgrade from format version ${from}`, path: '$.formatVersion' });
    upgraded = { ...step(upgraded), formatVersion: from + 1 };
  }
  return ok(upgraded);
}
