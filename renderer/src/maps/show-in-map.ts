/**
 * "Show in map": from a rule node of the evidence graph (or a rule of "Why no result?") to that
 * rule in the Maps view's editor, highlighted. The rule is found in the map's draft by what it
 * concludes and from what (so it is found even where lines moved since the session ran).
 */
import type { VersionPolicy } from '../../../electron/common/ipc';
import type { RuleDiagnosis } from '../../../electron/common/why-no-result';
import type { EvidenceRecord } from '../api/wire';
import { buildMapIndex } from '../editor/rblang/map-index';
import { useHost } from '../api/host';
import { useAppStore } from '../stores/app';
import { LOCAL, useMapsStore } from '../stores/maps';
import { locateRule, ruleClue } from './locate-rule';
import type { RuleClue } from './locate-rule';

/**
 * The version of a remote map a session runs: the policy's number, or for "live" the number the
 * session reports (`/analysis/session?filter=version`); undefined for the draft, or when the
 * environment does not say (its file is then the one the environment gives without a version).
 */
async function remoteVersion(map: EvidenceMap): Promise<number | undefined> {
  const policy = map.versionPolicy;
  if (policy?.kind === 'version') return policy.version;
  if (policy?.kind !== 'live' || !map.sessionId) return undefined;
  const info = await useHost()['consultation.sessionInfo']({ sessionId: map.sessionId, filter: 'version' });
  if (!info.ok) return undefined;
  const km = info.value.km;
  const number = km?.versionNumber ?? Number(/^Version(\d+)$/.exec(km?.versionStatus ?? '')?.[1]);
  return Number.isInteger(number) && number >= 1 ? number : undefined;
}

/** A remote map: its file is fetched (`GET /analysis/file`, with the environment's key) and shown read-only. */
async function showRemoteRule(map: EvidenceMap, clue: RuleClue): Promise<string | null> {
  const version = await remoteVersion(map);
  const side = { kind: 'remote' as const, environmentId: map.environmentId, kmId: map.mapId, ...(version ? { version } : {}) };
  const fetched = await useHost()['maps.diff']({ before: side, after: side, impact: false });
  if (!fetched.ok) return `The map's file could not be fetched: ${fetched.error.message}`;
  const { text } = fetched.value.before;
  const label =
    version === undefined && map.versionPolicy?.kind === 'draft' ? `${fetched.value.before.label} (draft)` : fetched.value.before.label;
  const rule = locateRule(buildMapIndex(text), clue);
  if (!rule) return `${label} has no rule concluding "${clue.relationship}".`;
  useMapsStore().showRemote({ label, text, line: rule.range.line });
  useAppStore().show('maps');
  return null;
}

/** The map a piece of evidence came from. */
export interface EvidenceMap {
  readonly environmentId: string;
  readonly mapId: string;
  readonly versionPolicy?: VersionPolicy;
  /** The session it came from: a remote "live" session is asked which version it runs. */
  readonly sessionId?: string;
}

/** Opens the rule that derived `record`'s fact in the map editor; answers why not when it cannot. */
export async function showRuleInMap(record: EvidenceRecord, map: EvidenceMap | null): Promise<string | null> {
  const clue = ruleClue(record);
  if (!clue) return 'This fact was not derived by a rule.';
  return showClueInMap(clue, map);
}

/** Opens a rule "Why no result?" names in the map editor; answers why not when it cannot. */
export function showDiagnosedRuleInMap(rule: RuleDiagnosis, map: EvidenceMap | null): Promise<string | null> {
  return showClueInMap(
    {
      relationship: rule.relationship,
      ...(rule.name === undefined ? {} : { name: rule.name }),
      ...(rule.alt === undefined ? {} : { alt: rule.alt }),
      certainty: rule.certainty,
      conditions: rule.conditions,
    },
    map,
  );
}

async function showClueInMap(clue: RuleClue, map: EvidenceMap | null): Promise<string | null> {
  if (!map) return 'The map this evidence came from is not known here.';
  const maps = useMapsStore();
  if (map.environmentId !== LOCAL) return showRemoteRule(map, clue);
  if (!maps.loaded) await maps.load();
  await maps.select(map.mapId);
  const draft = maps.draft;
  if (!draft || draft.id !== map.mapId) return maps.error?.message ?? `The map ${map.mapId} is not in the Local registry.`;
  const rule = locateRule(buildMapIndex(draft.rblang), clue);
  if (!rule) return `The draft of ${draft.name} has no rule concluding "${clue.relationship}" any more.`;
  useAppStore().show('maps');
  await maps.showLine(map.mapId, rule.range.line);
  return null;
}
