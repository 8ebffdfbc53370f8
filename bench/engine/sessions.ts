/**
 * Idle-session memory: heap held per freshly started session on a small map. The Decision API
 * server keeps every open session in memory until it expires, so this bounds how many fit.
 * Target: under 50 KB per idle session. Reported, never asserted.
 */
import type { ConsultationSession } from '../../electron/engine';
import { collectGarbage, type EngineImport, formatBytes, loadOrThrow } from './common';
import { ruleChain } from './generate';

const SESSIONS = 1000;
const TARGET_BYTES = 50 * 1024;

export async function benchIdleSessions(imported: EngineImport): Promise<void> {
  console.log(`\n## Engine: memory per idle session (${SESSIONS.toLocaleString('en-US')} sessions on a small map)`);
  const engine = 'engine' in imported ? imported.engine : undefined;
  if (!engine?.createSession || !engine.loadMap) {
    console.log(
      `  not available yet: ${engine ? 'electron/engine/index.ts does not export loadMap and createSession yet' : (imported as { missing: string }).missing}`,
    );
    return;
  }
  // A small generated map: 10 relationships, 9 rules, 10 facts.
  const map = await loadOrThrow(engine, ruleChain(10, 10).map, 'small map');
  const sessions: ConsultationSession[] = [];
  // One session first, so code and caches that every session shares are not counted per session.
  sessions.push(engine.createSession(map, { id: 'warm-up', kmVersionId: 'bench' }));

  collectGarbage();
  const before = process.memoryUsage();
  for (let i = 0; i < SESSIONS; i++) sessions.push(engine.createSession(map, { id: `idle-${i}`, kmVersionId: 'bench' }));
  collectGarbage();
  const after = process.memoryUsage();

  const heapPer = (after.heapUsed - before.heapUsed) / SESSIONS;
  const externalPer = (after.external - before.external) / SESSIONS;
  console.log(
    `  heap per session:     ${formatBytes(Math.round(heapPer))} (target < ${formatBytes(TARGET_BYTES)}: ${heapPer < TARGET_BYTES ? 'yes' : 'NO'})`,
  );
  console.log(`  external per session: ${formatBytes(Math.round(externalPer))}`);
  console.log(`  (heap delta after a full GC / ${SESSIONS}; ${sessions.length} sessions alive while measured)`);
}
