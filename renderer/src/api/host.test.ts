import { describe, expect, it } from 'vitest';
import { createHostApi, httpInvoke, TransportErrors } from './host';
import { injectBatches } from './wire';

describe('browser-mode transport', () => {
  it('posts the input to /ipc/<method> with the token header and returns the envelope', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ ok: true, value: { deleted: true } }), { status: 200 });
    }) as unknown as typeof fetch;
    const host = createHostApi(httpInvoke('secret-token', fakeFetch));
    const result = await host['consultations.delete']({ id: 'abc' });
    expect(result).toEqual({ ok: true, value: { deleted: true } });
    expect(calls[0].url).toBe('/ipc/consultations.delete');
    expect((calls[0].init.headers as Record<string, string>)['x-lapwing-token']).toBe('secret-token');
    expect(calls[0].init.body).toBe('{"id":"abc"}');
  });

  it('passes error envelopes through and turns transport failures into envelopes', async () => {
    const refused = (async () =>
      new Response(JSON.stringify({ ok: false, error: { code: 'ipc/unauthorized', message: 'no' } }), {
        status: 401,
      })) as unknown as typeof fetch;
    expect(await createHostApi(httpInvoke('t', refused))['app.info']({})).toMatchObject({ ok: false, error: { code: 'ipc/unauthorized' } });
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    expect(await createHostApi(httpInvoke('t', down))['app.info']({})).toMatchObject({
      ok: false,
      error: { code: TransportErrors.unreachable },
    });
    const html = (async () => new Response('<html>', { status: 500 })) as unknown as typeof fetch;
    expect(await createHostApi(httpInvoke('t', html))['app.info']({})).toMatchObject({
      ok: false,
      error: { code: TransportErrors.badReply },
    });
  });
});

describe('inject batches', () => {
  it('splits into batches of 250', () => {
    const facts = Array.from({ length: 601 }, (_, index) => index);
    expect(injectBatches(facts).map((part) => part.length)).toEqual([250, 250, 101]);
  });
});
