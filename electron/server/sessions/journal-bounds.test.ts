/**
 * The journal is bounded: journals past retention are deleted by the sweep and their space is
 * reused (the file stops growing), and a size alarm warns the operator, once per sweep, when
 * sessions and journals pass the configured size.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { addMapOverHttp, post, startSession } from '../test-support/consult';
import { startTestServer, type TestServer } from '../test-support/harness';
import { alarmFromEnv, retentionFromEnv } from './journal-settings';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.dispose();
});

const HOUR = 60 * 60 * 1000;

/** `count` whole consultations, 25 at a time. */
async function consultations(server: TestServer, kmID: string, count: number): Promise<void> {
  const one = async (index: number): Promise<void> => {
    const sid = await startSession(server, kmID);
    await post(server, sid, 'inject', [{ subject: `Ana ${index}`, relationship: 'holds passport of', object: 'Mexico', certainty: 100 }]);
    await post(server, sid, 'query', { subject: `Ana ${index}`, relationship: 'pays with' });
    await post(server, sid, 'response', {
      answers: [{ subject: `Ana ${index}`, relationship: 'is visiting', object: 'Japan', certainty: 100 }],
    });
  };
  for (let start = 0; start < count; start += 25)
    await Promise.all(Array.from({ length: Math.min(25, count - start) }, (_, offset) => one(start + offset)));
}

describe('journal bounds', () => {
  it('deletes journals past retention and reuses their space, so the file stops growing', async () => {
    let now = Date.parse('2026-05-01T00:00:00Z');
    const server = await startTestServer({
      clock: () => now,
      sessionIdleMs: 24 * HOUR,
      sessionRetentionMs: 48 * HOUR,
      journalAlarmBytes: 0,
    });
    servers.push(server);
    const kmID = await addMapOverHttp(server);
    await consultations(server, kmID, 60);
    const grown = await server.server.sessions.sweep();
    expect(grown.purged).toBe(0);

    now += 49 * HOUR;
    const swept = await server.server.sessions.sweep();
    expect(swept.purged).toBe(60);
    expect(swept.size.usedBytes).toBeLessThan(grown.size.usedBytes);
    await consultations(server, kmID, 60);
    const again = await server.server.sessions.sweep();
    // The same load again fits in the pages the purge freed: the file does not grow.
    expect(again.size.fileBytes).toBeLessThanOrEqual(grown.size.fileBytes * 1.05);
    expect(again.size.usedBytes).toBeLessThanOrEqual(grown.size.usedBytes * 1.05);
  }, 60_000);

  it('warns on each sweep while sessions and journals are over the alarm size', async () => {
    const reports: string[] = [];
    const first = await startTestServer({ journalAlarmBytes: 0 });
    const kmID = await addMapOverHttp(first);
    const base = (await first.server.sessions.sweep()).size.usedBytes;
    // An alarm 32 KiB above the registry alone: 100 consultations pass it.
    const server = await first.restart({ journalAlarmBytes: base + 32 * 1024, report: (line) => reports.push(line) });
    servers.push(server);
    await server.server.sessions.sweep();
    expect(reports).toEqual([]);
    await consultations(server, kmID, 100);
    await server.server.sessions.sweep();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(
      /server\.sqlite holds \d+ MB of sessions and journals \(\d+ MB on disk\), over the alarm at \d+ MB; journals are kept 7 days/,
    );
    expect(reports[0]).toMatch(/LAPWING_SESSION_RETENTION_DAYS.*LAPWING_JOURNAL_ALARM_MB/);
    await server.server.sessions.sweep();
    expect(reports).toHaveLength(2);
  }, 60_000);

  it('reads retention and the alarm from the environment, refusing bad values with a clear message', () => {
    expect(retentionFromEnv({})).toBe(7 * 24 * HOUR);
    expect(retentionFromEnv({ LAPWING_SESSION_RETENTION_DAYS: '0.5' })).toBe(12 * HOUR);
    expect(alarmFromEnv({})).toBe(2048 * 1024 * 1024);
    expect(alarmFromEnv({ LAPWING_JOURNAL_ALARM_MB: '0' })).toBeUndefined();
    expect(() => retentionFromEnv({ LAPWING_SESSION_RETENTION_DAYS: '-1' })).toThrow(
      'LAPWING_SESSION_RETENTION_DAYS must be a number of days above 0 (fractions allowed), at most 3650 (it is "-1")',
    );
    expect(() => alarmFromEnv({ LAPWING_JOURNAL_ALARM_MB: 'lots' })).toThrow(
      'LAPWING_JOURNAL_ALARM_MB must be a whole number of megabytes (0 turns the alarm off) (it is "lots")',
    );
  });
});
