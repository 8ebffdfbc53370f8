/**
 * The evidence and interaction keys of the embedded engine's map versions. The registry keeps only
 * their digests and shows keys once, when it makes them; the workbench keeps what it is shown in
 * the OS keychain (account `local-version:<kmVersionId>:<kind>`) and in memory for the run, so
 * evidence and logs of local sessions open without the user ever handling a key.
 *
 * A version whose keys the workbench does not hold (made before keys were digests, or while the
 * keychain was unavailable) gets fresh ones on first use: only this workbench used them, since the
 * embedded server takes no calls from anyone else (its API key is per run). Without a keychain the
 * keys live in memory for the run, so Local works offline regardless.
 */
import type { Keychain } from '../../keychain';
import { DRAFT, type MapRegistry, type VersionKeys } from '../../server';

const accountOf = (kmVersionId: string) => `local-version:${kmVersionId}`;

export class VersionKeyKeeper {
  private readonly known = new Map<string, VersionKeys>();

  constructor(
    private readonly registry: MapRegistry,
    private readonly keychain: Keychain | undefined,
  ) {}

  /** Keeps keys the registry just showed (map added, version published). */
  async remember(kmVersionId: string, keys: VersionKeys): Promise<void> {
    this.known.set(kmVersionId, keys);
    await this.store(kmVersionId, keys);
  }

  /** Reads every version's keys from the keychain (at start), renewing those it does not hold. */
  async load(): Promise<void> {
    for (const map of this.registry.listMaps()) {
      const versions = [
        { versionId: map.id, number: DRAFT },
        ...map.versions.map((version) => ({ versionId: version.versionId, number: version.number })),
      ];
      for (const { versionId, number } of versions) {
        const kept = await this.read(versionId);
        if (kept) this.known.set(versionId, kept);
        else await this.remember(versionId, this.renew(map.id, number));
      }
    }
  }

  /** The keys of a version (renewed if unknown; the keychain is updated in the background). */
  keysFor(mapId: string, number: number, kmVersionId: string): VersionKeys {
    const known = this.known.get(kmVersionId);
    if (known) return known;
    const keys = this.renew(mapId, number);
    this.known.set(kmVersionId, keys);
    void this.store(kmVersionId, keys);
    return keys;
  }

  private renew(mapId: string, number: number): VersionKeys {
    const renewed = this.registry.updateSettings(mapId, number, { regenerateKeys: true });
    if (!renewed.ok || !renewed.value.keys) throw new Error(`the keys of map ${mapId} version ${number} could not be renewed`);
    return renewed.value.keys;
  }

  private async read(kmVersionId: string): Promise<VersionKeys | undefined> {
    if (!this.keychain) return undefined;
    try {
      const [evidenceKey, interactionKey] = await Promise.all([
        this.keychain.get(accountOf(kmVersionId), 'evidence'),
        this.keychain.get(accountOf(kmVersionId), 'interaction'),
      ]);
      return evidenceKey && interactionKey ? { evidenceKey, interactionKey } : undefined;
    } catch {
      return undefined; // No keychain: the keys are renewed and kept in memory for this run.
    }
  }

  private async store(kmVersionId: string, keys: VersionKeys): Promise<void> {
    if (!this.keychain) return;
    try {
      await this.keychain.set(accountOf(kmVersionId), 'evidence', keys.evidenceKey);
      await this.keychain.set(accountOf(kmVersionId), 'interaction', keys.interactionKey);
    } catch {
      // An unavailable keychain must not stop offline use: memory holds the keys for this run.
    }
  }
}
