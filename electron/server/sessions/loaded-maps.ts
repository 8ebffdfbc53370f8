/**
 * Loaded knowledge maps, cached per stored source (so per version: drafts and versions are
 * sources). Loading is the slow part of a start; a map is loaded once and shared by sessions.
 */
import type { KnowledgeMap } from '../../engine';
import type { EnginePort } from '../engine-port';
import type { MapRegistry } from '../registry/registry';

export class LoadedMaps {
  private readonly cache = new Map<number, KnowledgeMap>();

  constructor(
    private readonly registry: MapRegistry,
    private readonly engine: EnginePort,
    private readonly capacity = 32,
  ) {}

  /** The loaded map of a stored source; throws if it no longer loads (it was checked when stored). */
  get(sourceId: number): KnowledgeMap {
    const cached = this.cache.get(sourceId);
    if (cached) {
      // Refresh its place: the cache evicts the least recently used.
      this.cache.delete(sourceId);
      this.cache.set(sourceId, cached);
      return cached;
    }
    const source = this.registry.source(sourceId);
    if (source === undefined) throw new Error(`map source ${sourceId} is missing from the registry`);
    const loaded = this.engine.loadMap(source);
    if (!loaded.map || !loaded.ok) {
      const first = loaded.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
      throw new Error(`stored map source ${sourceId} no longer loads: ${first ? first.message : 'no map'}`);
    }
    this.cache.set(sourceId, loaded.map);
    if (this.cache.size > this.capacity) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return loaded.map;
  }
}
