/**
 * Which worker of a `lapwing serve --workers N` cluster owns a session. Sessions live in one
 * process's memory, so every call on a session must reach the same worker: its owner is a stable
 * hash of the session ID, or, for sessions sharing a legacy `contextid`, of the context (a shared
 * fact store must live in one process).
 */

/** 32-bit FNV-1a over the key's UTF-16 code units: stable across processes and runs. */
function fnv1a(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The worker (0..workers-1) that owns a key. */
export function ownerOf(key: string, workers: number): number {
  return fnv1a(key) % workers;
}

/** The ownership key of a shared context: its map and context ID (as the session manager keys contexts). */
export function contextKey(mapId: string, contextId: string): string {
  return `${mapId}\u0000${contextId}`;
}
