/** Test steps shared by the conformance suites: add a map over HTTP, start, run a consultation. */
import { expect } from 'vitest';
import type { ConsultationResponse } from '../../common/decision-api';
import { fixtureMap } from './fixtures';
import { TEST_API_KEY, type TestServer } from './harness';

/** Adds a map through `POST /maps` and returns its kmID. */
export async function addMapOverHttp(server: TestServer, rblang = fixtureMap('travel-money'), name = 'Travel money'): Promise<string> {
  const reply = await server.call('POST', '/maps', {
    apiKey: TEST_API_KEY,
    headers: { Version: 'v1' },
    body: { rblang, name, description: 'test map' },
  });
  expect(reply.status, reply.text).toBe(201);
  return (reply.json as { kmID: string }).kmID;
}

/** Starts a session and returns its ID. */
export async function startSession(server: TestServer, kmID: string, query = ''): Promise<string> {
  const reply = await server.call('GET', `/start/${kmID}${query}`, { apiKey: TEST_API_KEY });
  expect(reply.status, reply.text).toBe(200);
  return (reply.json as { id: string }).id;
}

/** POSTs to a session endpoint, expecting 200, and returns the parsed body. */
export async function post<T = ConsultationResponse>(server: TestServer, sid: string, endpoint: string, body: unknown): Promise<T> {
  const reply = await server.call('POST', `/${sid}/${endpoint}`, { body });
  expect(reply.status, reply.text).toBe(200);
  return reply.json as T;
}
