import { createServer, type Server, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../server/test-support/system-service';
import { DecisionApiClient } from './client';
import { networkFailure } from './network';

const failedWith = (code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });

describe('a request that got no reply', () => {
  it('says which host refused the connection and what to check, never "fetch failed"', async () => {
    // Nothing listens there: freePort picks below the kernel's ephemeral range, so no connection
    // elsewhere on the machine takes it before the call (a port just released from that range could be).
    const port = await freePort();
    const reply = await new DecisionApiClient({ environment: `http://127.0.0.1:${port}` }).version();
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error).toMatchObject({ kind: 'network', network: { reason: 'refused', host: `127.0.0.1:${port}`, code: 'ECONNREFUSED' } });
    const [message] = reply.error.messages;
    expect(message).toBe(
      `Could not reach 127.0.0.1:${port}: the connection was refused (nothing is listening at that address) [ECONNREFUSED]. Check your network connection and proxy settings, and that the address is right.`,
    );
  });

  it('says a host that accepted the connection but never answered timed out', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const reply = await new DecisionApiClient({ environment: `http://127.0.0.1:${port}`, timeoutMs: 300 }).version();
      expect(reply).toMatchObject({ ok: false, error: { kind: 'network', network: { reason: 'timeout' } } });
      if (!reply.ok) expect(reply.error.messages[0]).toContain('no reply within 300 ms');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('reads the cause undici wraps: DNS, reset, TLS, and several addresses at once', () => {
    expect(networkFailure(failedWith('ENOTFOUND'), 'https://api.example.test')).toMatchObject({
      reason: 'dns',
      host: 'api.example.test',
      message: expect.stringContaining('the host name could not be resolved'),
    });
    expect(networkFailure(failedWith('ECONNRESET'), 'http://h:1').reason).toBe('reset');
    const tls = networkFailure(failedWith('CERT_HAS_EXPIRED'), 'https://h');
    expect(tls).toMatchObject({ reason: 'tls', code: 'CERT_HAS_EXPIRED' });
    expect(tls.message).toContain('trusts its certificate');
    const both = new TypeError('fetch failed', {
      cause: Object.assign(new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })]), { code: undefined }),
    });
    expect(networkFailure(both, 'http://localhost:9').reason).toBe('refused');
    const unknown = networkFailure(new Error('something odd'), 'http://h:1');
    expect(unknown).toMatchObject({ reason: 'other', message: expect.stringContaining('(something odd)') });
  });
});
