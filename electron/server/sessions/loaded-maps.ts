/**
 * Loaded knowledge maps, cached per stored source (so per version: drafts and versions are
 * sources). Loading is the slow part of a start; a map is loaded once (in the map loader's worker
 * thread) and shared by sessions. The cache is bounded by an estimate of the memory its maps hold,
 * evicting the least recently used.
 */
import type { KnowledgeMap } from '../../engine';
import type { MapLoader } from '../maps-worker/map-loader';

/** Where stored sources are read: the registry, SQLite's (synchronous) or the store's. */
interface SourceReader {
  source(sourceId: number): string | undefined | Promise<string | undefined>;
}

/** Default bound of the map cache: 256 MiB of estimated map heap. */
const DEFAULT_MAP_CACHE_BYTES = 256 * 1024 * 1024;

/**
 * Heap a loaded map holds, estimated from its source: measured 4-7 bytes of heap per source character
 * on the large public samples (and about 6.5 on generated 20 MB maps); 8 per character plus a fixed
 * 16 KiB errs on the large side, so the bound holds.
 */
export function estimateMapBytes(sourceLength: number): number {
  return 8 * sourceLength + 16 * 1024;
}

interface Cached {
  readonly map: KnowledgeMap;
  readonly bytes: number;
}

export class LoadedMaps {
  private readonly cache = new Map<number, Cached>();
  /** Loads under way, so two requests for one source share one load. */
  private readonly loading = new Map<number, Promise<KnowledgeMap>>();
  private bytes = 0;

  constructor(
    private readonly registry: SourceReader,
    private readonly loader: MapLoader,
    private readonly capacityBytes = DEFAULT_MAP_CACHE_BYTES,
  ) {}

  /** Estimated bytes held by the cached maps. */
  get heldBytes(): number {
    return this.bytes;
  }

  /** Whether a source's map is in the cache (without refreshing its place). */
  has(sourceId: number): boolean {
    return this.cache.has(sourceId);
  }

  /** The loaded map of a stored source; rejects if it no longer loads (it was checked when stored). */
  get(sourceId: number): Promise<KnowledgeMap> {
    const cached = this.cache.get(sourceId);
    if (cached) {
      // Refresh its place: the cache evicts the least recently used.
      this.cache.delete(sourceId);
      this.cache.set(sourceId, cached);
      return Promise.resolve(cached.map);
    }
    let loading = this.loading.get(sourceId);
    if (!loading) {
      loading = this.load(sourceId).finally(() => this.loading.delete(sourceId));
      this.loading.set(sourceId, loading);
    }
    return loading;
  }

  private async load(sourceId: number): Promise<KnowledgeMap> {
    const source = await this.registry.source(sourceId);
    if (source === undefined) throw new Error(`map source ${sourceId} is missing from the registry`);
    const loaded = await this.loader.load(source);
    if (!loaded.map || !loaded.ok) {
      const first = loaded.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
      throw new Error(`stored map source ${sourceId} no longer loads: ${first ? first.message : 'no map'}`);
    }
    this.remember(sourceId, { map: loaded.map, bytes: estimateMapBytes(source.length) });
    return loaded.map;
  }

  /** Cache a map, then evict the least recently used until the bound holds (a map larger than the bound stays alone). */
  private remember(sourceId: number, entry: Cached): void {
    this.cache.set(sourceId, entry);
    this.bytes += entry.bytes;
    for (const [oldest, cached] of this.cache) {
      if (this.bytes <= this.capacityBytes || oldest === sourceId) break;
      this.cache.delete(oldest);
      this.bytes -= cached.bytes;
    }
  }
}
