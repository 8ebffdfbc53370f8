/**
 * Replaces evidence and interaction keys stored in plain text (by releases before registry
 * migration 3) with their digests, in one transaction. Idempotent: a registry already digested is
 * left alone after one query. The keys themselves are gone afterwards; whoever holds them still
 * opens evidence and logs with them, since requests are checked against the digests.
 */
import type { SqliteDatabase } from '../../store';
import { isKeyDigest, keyDigest } from '../auth';

interface StoredKeys {
  map_id: string;
  version: number;
  evidence_key: string;
  interaction_key: string;
}

/** Digests every plain key left in `map_settings`; returns how many versions were changed. */
export function digestStoredKeys(db: SqliteDatabase): number {
  const plain = db
    .prepare<[], StoredKeys>(
      "SELECT map_id, version, evidence_key, interaction_key FROM map_settings WHERE evidence_key NOT GLOB 'sha256:*' OR interaction_key NOT GLOB 'sha256:*'",
    )
    .all();
  if (plain.length === 0) return 0;
  const update = db.prepare('UPDATE map_settings SET evidence_key = ?, interaction_key = ? WHERE map_id = ? AND version = ?');
  const asDigest = (stored: string) => (isKeyDigest(stored) ? stored : keyDigest(stored));
  db.transaction(() => {
    for (const row of plain) update.run(asDigest(row.evidence_key), asDigest(row.interaction_key), row.map_id, row.version);
  })();
  return plain.length;
}
