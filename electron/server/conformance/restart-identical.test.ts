/**
 * A session rebuilt from its journal after a restart is the same session to the byte: its
 * evidence (rule-derived facts included) and its interaction log carry the times stored when the
 * steps happened, not the times of the replay.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ResultResponse } from '../../common/decision-api';
import { DRAFT } from '../registry/types';
import { addMapOverHttp, post, startSession } from '../test-support/consult';
import { TEST_API_KEY, startTestServer, type TestServer } from '../test-support/harness';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.dispose();
});

/** Every read of this clock is a millisecond later, as a busy server's clock would be. */
function tickingClock(start = Date.parse('2026-03-01T09:00:00Z')): () => number {
  let now = start;
  return () => (now += 1);
}

async function analysis(server: TestServer, sid: string, factIDs: readonly string[]): Promise<string[]> {
  const paths = [
    ...factIDs.map((factID) => `/analysis/evidence/${factID}/${sid}`),
    `/analysis/interactions/${sid}`,
    `/analysis/interactions/${sid}?format=csv`,
    `/analysis/session/${sid}?filter=facts`,
  ];
  const texts: string[] = [];
  for (const path of paths) {
    const reply = await server.call('GET', path, { apiKey: TEST_API_KEY });
    expect(reply.status, `${path}: ${reply.text}`).toBe(200);
    texts.push(reply.text);
  }
  return texts;
}

describe('a session rebuilt after a restart', () => {
  it('serves byte-identical evidence and interaction logs', async () => {
    const first = await startTestServer({ clock: tickingClock() });
    const kmID = await addMapOverHttp(first);
    first.server.registry.updateSettings(kmID, DRAFT, { recordInteractions: true });
    const sid = await startSession(first, kmID);
    await post(first, sid, 'inject', [{ subject: 'Ana', relationship: 'holds passport of', object: 'Mexico', certainty: 100 }]);
    await post(first, sid, 'query', { subject: 'Ana', relationship: 'pays with' });
    await post(first, sid, 'response', { answers: [{ subject: 'Ana', relationship: 'is visiting', object: 'Norway', certainty: 100 }] });
    await post(first, sid, 'undo', {});
    const result = await post<ResultResponse>(first, sid, 'response', {
      answers: [{ subject: 'Ana', relationship: 'is visiting', object: 'Japan', certainty: 100 }],
    });
    const factIDs = result.result.map((entry) => entry.factID);
    expect(factIDs.length).toBeGreaterThan(0);
    const before = await analysis(first, sid, factIDs);
    // The result is concluded by a rule, at a stored time.
    expect(JSON.parse(before[0] ?? '{}')).toMatchObject({ source: 'rule' });

    const second = await first.restart({ clock: tickingClock(Date.parse('2026-03-01T10:00:00Z')) });
    servers.push(second);
    expect(second.server.sessions.liveCount).toBe(0);
    const after = await analysis(second, sid, factIDs);
    expect(after).toEqual(before);
  });
});
