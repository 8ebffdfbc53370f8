/**
 * The provider gets the same evaluation as the offline reader: every held-out case goes through a
 * real local OpenAI-compatible server answering with scripted structured replies, and every reply
 * says which reader answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../engine';
import { loadGenerated } from '../test-support/generated';
import { NaturalLanguageService } from '../service';
import { evaluateProvider } from './test-support/evaluate';
import { startFakeProvider, type FakeProvider } from './test-support/fake-provider';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());

describe('the provider on the held-out evaluation', () => {
  it('turns every scripted structured reply into the expected reading (names canonicalised, values typed)', async () => {
    const evaluation = await evaluateProvider(loadGenerated('held-out'), fake, { url: fake.url, model: 'scripted', timeoutMs: 5000 });
    expect(evaluation.total).toBeGreaterThanOrEqual(400);
    expect(evaluation.misses).toEqual([]);
    expect(evaluation.providerPassed).toBe(evaluation.total);
    // Offline first: where the offline reader places everything the provider is not consulted.
    expect(evaluation.combinedPassed).toBe(evaluation.total);
  }, 60_000);
});

describe('which reader answered', () => {
  const [fleet] = loadGenerated('held-out').filter((corpus) => corpus.file.file === 'fleet.rbl');
  const service = new NaturalLanguageService({
    provider: () => Promise.resolve({ url: fake.url, model: 'scripted', timeoutMs: 5000 }),
    clock: () => Date.UTC(2026, 4, 13, 10),
  });
  const handle = (id: string) => ({
    sessionID: id,
    session: createSession(fleet.map, { id, kmVersionId: 'v', clock: () => Date.UTC(2026, 4, 13, 10) }),
    map: fleet.map,
  });

  it('is the offline reader when it understood, without calling the provider', async () => {
    const before = fake.requests.length;
    const reply = await service.interact(handle('r1'), 'What fuel does Blue Transit run on?');
    expect(reply.body.reader).toBe('offline');
    expect(fake.requests.length).toBe(before);
  });

  it('is the provider when its reading was used', async () => {
    fake.answer({ content: JSON.stringify({ kind: 'query', query: { subject: 'blue transit', relationship: 'runs on', object: null } }) });
    const reply = await service.interact(handle('r2'), 'Quel carburant utilise Blue Transit ?');
    expect(reply.body).toMatchObject({ reader: 'provider', query: { subject: 'Blue Transit', relationship: 'runs on' } });
    expect(reply.body.metadata?.llmTokens.totalTokens).toBeGreaterThan(0);
  });

  it('is the offline reader again when the provider fails (its error reply is the offline one)', async () => {
    fake.answer({ status: 500, body: 'down' });
    const reply = await service.interact(handle('r3'), 'Quel carburant utilise Blue Transit ?');
    expect(reply.body.reader).toBe('offline');
    expect(reply.body.responseType).toBe('error');
    expect(reply.body.quickReplies?.length).toBeGreaterThan(0);
  });
});
