/**
 * The registries' cache of `resolve` and `settings` answers (read on every /start), kept while the
 * registry's generation holds. Triggers move the generation inside every changing transaction, in
 * SQLite and in PostgreSQL, so a change made by any server or by the CLI empties it on the next read.
 */
import type { RegistryResult, ResolvedVersion, VersionSettings } from './types';

export type CachedRead = RegistryResult<ResolvedVersion> | RegistryResult<VersionSettings>;

const MAX_CACHED_READS = 1000;

export class RegistryReadCache {
  private readonly reads = new Map<string, CachedRead>();
  private generation = -1;

  /** What `key` read at `generation`; everything read at another generation is dropped first. */
  known<T extends CachedRead>(key: string, generation: number): T | undefined {
    if (generation !== this.generation) {
      this.reads.clear();
      this.generation = generation;
    }
    return this.reads.get(key) as T | undefined;
  }

  /** Keeps what `key` read at `generation`, unless a change was seen while it was read. */
  keep(key: string, generation: number, value: CachedRead): void {
    if (generation !== this.generation) return;
    // Unknown map IDs are kept too; a bound keeps a stream of them from growing memory.
    if (this.reads.size >= MAX_CACHED_READS) this.reads.clear();
    this.reads.set(key, value);
  }
}
