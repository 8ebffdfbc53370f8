/**
 * Fetching the evidence of results: each result's record, then every fact its conditions point
 * at, recursively, a few requests at a time. `WA:XX` placeholders are never fetched (they stand
 * for unmet conditions and answer 404). A locked evidence endpoint stops the walk with one message.
 */
import type { EvidenceRecord } from '../../common/decision-api';
import { isSyntheticFactId } from '../../common/decision-api';
import { childFactIds } from '../core';
import type { ReplayApi } from './port';

interface EvidenceFetch {
  readonly records: Record<string, EvidenceRecord>;
  readonly problems: string[];
}

interface EvidenceOptions {
  readonly sessionId: string;
  readonly evidenceKey?: string;
  /** Requests in flight at once (the VS Code extension uses 6). */
  readonly concurrency?: number;
  /** Records fetched at most, so a huge tree cannot run a case forever. */
  readonly limit?: number;
  readonly signal?: AbortSignal;
  /** Adds the time of each request (for the HTTP share of a run). */
  readonly onRequest?: (ms: number) => void;
  /**
   * Records of knowledge-map facts (`WA:KF:`) already fetched for this map version: they are the
   * same in every session, and every case of a suite meets the same few. Keyed by fact ID.
   */
  readonly mapFacts?: Map<string, EvidenceRecord>;
}

/** Map facts are stored in the map, not made by the session, so their evidence never differs between sessions. */
function isMapFactId(factID: string): boolean {
  return /^[^:\s]+:KF:/.test(factID);
}

export async function fetchEvidence(api: ReplayApi, rootFactIds: readonly string[], options: EvidenceOptions): Promise<EvidenceFetch> {
  const records: Record<string, EvidenceRecord> = {};
  const problems: string[] = [];
  const seen = new Set<string>();
  const queue = rootFactIds.filter((id) => !isSyntheticFactId(id));
  const limit = options.limit ?? 2000;
  let locked = false;

  const fetchOne = async (factID: string): Promise<void> => {
    const known = isMapFactId(factID) ? options.mapFacts?.get(factID) : undefined;
    if (known) {
      records[factID] = known;
      return;
    }
    const started = performance.now();
    const reply = await api.evidence(factID, {
      sessionId: options.sessionId,
      ...(options.evidenceKey === undefined ? {} : { evidenceKey: options.evidenceKey }),
    });
    options.onRequest?.(performance.now() - started);
    if (reply.ok) {
      records[factID] = reply.value;
      if (isMapFactId(factID)) options.mapFacts?.set(factID, reply.value);
      for (const child of childFactIds(reply.value)) if (!seen.has(child)) queue.push(child);
      return;
    }
    if (reply.error.kind === 'auth') {
      if (!locked)
        problems.push(`evidence is locked (${reply.error.messages.join('; ')}): set LAPWING_EVIDENCE_KEY or store the evidence key`);
      locked = true;
      return;
    }
    problems.push(`evidence of ${factID}: ${reply.error.messages.join('; ')}`);
  };

  const concurrency = Math.max(1, options.concurrency ?? 6);
  await new Promise<void>((resolve) => {
    let active = 0;
    const pump = (): void => {
      while (active < concurrency && queue.length > 0 && !locked && !options.signal?.aborted) {
        const next = queue.shift() as string;
        if (seen.has(next)) continue;
        if (seen.size >= limit) {
          problems.push(`evidence stopped after ${limit} records`);
          queue.length = 0;
          break;
        }
        seen.add(next);
        active += 1;
        fetchOne(next)
          .catch((error: unknown) => void problems.push(`evidence of ${next}: ${error instanceof Error ? error.message : String(error)}`))
          .finally(() => {
            active -= 1;
            pump();
          });
      }
      if (active === 0) resolve();
    };
    pump();
  });
  return { records, problems };
}
