/**
 * A map version's keys for tests. The registry stores only digests and shows keys once, when it
 * makes them; a test that did not keep them asks for fresh ones, as an operator would
 * (`lapwing map settings ID --new-keys`).
 */
import type { MapRegistry } from '../registry/registry';
import type { VersionKeys } from '../registry/types';

export function renewKeys(registry: MapRegistry, mapId: string, version: number): VersionKeys {
  const renewed = registry.updateSettings(mapId, version, { regenerateKeys: true });
  if (!renewed.ok || !renewed.value.keys) throw new Error(renewed.ok ? 'no keys returned' : renewed.error.message);
  return renewed.value.keys;
}
