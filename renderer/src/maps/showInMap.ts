/**
 * "Show in map": from a rule node of the evidence graph to that rule in the Maps view's editor,
 * highlighted. The rule is found in the map's draft by what it concludes and from what (so it is
 * found even where lines moved since the session ran).
 */
import type { VersionPolicy } from '../../../electron/common/ipc';
import type { EvidenceRecord } from '../api/wire';
import { buildMapIndex } from '../editor/rblang/mapIndex';
import { useAppStore } from '../stores/app';
import { LOCAL, useMapsStore } from '../stores/maps';
import { locateRule, ruleClue } from './locateRule';

/** The map a piece of evidence came from. */
export interface EvidenceMap {
  readonly environmentId: string;
  readonly mapId: string;
  readonly versionPolicy?: VersionPolicy;
}

/** Opens the rule that derived `record`'s fact in the map editor; answers why not when it cannot. */
export async function showRuleInMap(record: EvidenceRecord, map: EvidenceMap | null): Promise<string | null> {
  const clue = ruleClue(record);
  if (!clue) return 'This fact was not derived by a rule.';
  if (!map) return 'The map this evidence came from is not known here.';
  if (map.environmentId !== LOCAL) return 'Show in map opens maps of the Local environment; this session ran on another environment.';
  const maps = useMapsStore();
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
