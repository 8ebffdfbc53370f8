import { afterEach, describe, expect, it } from 'vitest';
import type { QuestionResponse, ResultResponse } from '../../common/decision-api';
import { addMapOverHttp, post, startSession } from '../test-support/consult';
import { travelMoneyWithContext } from '../test-support/fixtures';
import { startTestServer, type TestServer } from '../test-support/harness';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.dispose();
});

describe('contextid on /start (legacy shared contexts)', () => {
  it('shares context-scoped answers between sessions of one context, also after a restart', async () => {
    const first = await startTestServer();
    const kmID = await addMapOverHttp(first, travelMoneyWithContext(), 'Shared');
    const one = await startSession(first, kmID, '?contextid=trip-1');
    await post<QuestionResponse>(first, one, 'query', { subject: 'Ana', relationship: 'pays with' });
    await post(first, one, 'response', { answers: [{ subject: 'Ana', relationship: 'is visiting', object: 'Mexico', certainty: 100 }] });

    // Same context (JS SDK spelling): answered without asking. Another context asks.
    const two = await startSession(first, kmID, '?contextId=trip-1');
    expect(await post<ResultResponse>(first, two, 'query', { subject: 'Ana', relationship: 'pays with' })).toMatchObject({
      result: [{ object: 'peso' }],
    });
    const other = await startSession(first, kmID, '?contextid=trip-2');
    expect(await post(first, other, 'query', { subject: 'Ana', relationship: 'pays with' })).toMatchObject({
      question: { relationship: 'is visiting' },
    });

    const second = await first.restart();
    servers.push(second);
    const three = await startSession(second, kmID, '?contextid=trip-1');
    expect(await post<ResultResponse>(second, three, 'query', { subject: 'Ana', relationship: 'pays with' })).toMatchObject({
      result: [{ object: 'peso' }],
    });
  });
});
