import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasourceFetch } from './types';
import { asResult, mapOf, rbl, restored, rows, sessionOf, value } from '../test-support/harness';

/** A real HTTP server on loopback standing in for a CRM. */
let server: Server;
let baseUrl = '';
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/broken') {
      response.writeHead(500).end('boom');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ customer: { tier: url.searchParams.get('name') === 'Acme Ltd' ? 'Gold' : 'Basic', regions: ['North', 'East'] } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const nodeFetch: DatasourceFetch = async (url, init) => {
  const response = await fetch(url, { method: init.method, headers: init.headers, body: init.body ?? null });
  return { status: response.status, text: await response.text() };
};

function crmMap(path: string): string {
  return rbl(`
    <concept name="Customer" type="string">
      <datasource hostname="${baseUrl}" path="${path}" method="GET" name="CRM lookup">
        <action map="has tier=/customer/tier"/>
        <action map="serves region=/customer/regions"/>
      </datasource>
    </concept>
    <concept name="Tier" type="string"/><concept name="Region" type="string"/><concept name="Offer" type="string"/>
    <rel name="has tier" subject="Customer" object="Tier" askable="none"/>
    <rel name="serves region" subject="Customer" object="Region" plural="true" askable="none"/>
    <rel name="gets offer" subject="Customer" object="Offer" askable="none"/>
    <concinst name="Gold" type="Tier"/><concinst name="Priority" type="Offer"/>
    <relinst type="gets offer" object="Priority"><condition rel="has tier" subject="%S" object="Gold"/></relinst>
  `);
}

describe('datasources', () => {
  it('calls the datasource during Match and reasons with its facts', async () => {
    requests.length = 0;
    const session = sessionOf(crmMap('/crm?name={{%S}}'), { fetch: nodeFetch });
    expect(rows(value(await session.query({ subject: 'Acme Ltd', relationship: 'gets offer' })))).toEqual([['Acme Ltd', 'Priority', 100]]);
    expect(requests).toEqual(['GET /crm?name=Acme%20Ltd']);
    expect(rows(value(await session.query({ subject: 'Acme Ltd', relationship: 'serves region' })))).toEqual([
      ['Acme Ltd', 'North', 100],
      ['Acme Ltd', 'East', 100],
    ]);
    // One call per customer and datasource in a session.
    expect(requests).toHaveLength(1);
    const fact = asResult(value(await session.query({ subject: 'Acme Ltd', relationship: 'has tier' }))).result[0];
    expect(fact.factID).toMatch(/^WA:DF:/);
    expect(session.interactions().filter((entry) => entry.event === 'datasource')).toHaveLength(1);
  });

  it('concludes nothing from a failing datasource, and says so in the log', async () => {
    const session = sessionOf(crmMap('/broken'), { fetch: nodeFetch });
    expect(rows(value(await session.query({ subject: 'Acme Ltd', relationship: 'gets offer' })))).toEqual([]);
    expect(session.interactions().find((entry) => entry.event === 'datasource')?.values).toMatchObject({
      datasources: [{ certainty: 0, status: 500 }],
    });
  });

  it('replays recorded responses when a session is rebuilt, without calling the service again', async () => {
    const map = mapOf(crmMap('/crm?name={{%S}}'));
    const session = sessionOf(map, { fetch: nodeFetch });
    value(await session.query({ subject: 'Acme Ltd', relationship: 'gets offer' }));
    requests.length = 0;
    const rebuilt = await restored(map, session.journal());
    expect(requests).toEqual([]);
    expect(rows(value(await rebuilt.query({ subject: 'Acme Ltd', relationship: 'gets offer' })))).toEqual([['Acme Ltd', 'Priority', 100]]);
  });
});
