import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/harness';
import { allRefs, describedItems, resolveRef } from '../test-support/openapi-coverage';
import { REFERENCE_ITEMS } from '../test-support/openapi-reference';
import { buildOpenApiDocument } from './document';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

describe('GET /openapi.json', () => {
  it('serves an OpenAPI 3.1 document without a key', async () => {
    const reply = await server.call('GET', '/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ openapi: '3.1.0', info: { title: 'Lapwing Decision API' } });
    expect(reply.json).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  it("covers every operation, parameter and field of the platform's interface 1.2.0", () => {
    const described = describedItems(buildOpenApiDocument());
    const missing: string[] = [];
    for (const [operation, items] of Object.entries(REFERENCE_ITEMS)) {
      const ours = described.get(operation);
      if (!ours) {
        missing.push(operation);
        continue;
      }
      // Lapwing lists arrays by their items; the reference sometimes documents one entry.
      const flat = new Set([...ours].map((item) => item.replace(/\[\]/g, '')));
      for (const item of items)
        if (!flat.has(item) && !flat.has(item.replace('function-that-was-called', '*'))) missing.push(`${operation} ${item}`);
    }
    expect(missing).toEqual([]);
  });

  it('describes the map endpoints and the legacy evidence route too', () => {
    const described = describedItems(buildOpenApiDocument());
    expect(described.get('POST /maps')).toEqual(
      new Set(['param header:Version', 'body.rblang', 'body.name', 'body.description', '200.id', '200.kmID', '200.warnings']),
    );
    expect(described.get('GET /analysis/file/{kmID}')).toEqual(new Set(['param path:kmID', 'param query:version', '200.rblang']));
    expect(described.has('GET /analysis/evidence/{factID}')).toBe(true);
  });

  it('resolves every $ref', () => {
    const document = buildOpenApiDocument();
    const refs = allRefs(document);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of refs) expect(resolveRef(document, ref), ref).toBeDefined();
  });
});
