/**
 * A local OpenAI-compatible chat-completions server for tests: it records each request and answers
 * with what the test scripts (a completion, an HTTP error, garbage, or silence past a timeout).
 * Never the internet.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: { model?: string; messages?: { role: string; content: string }[]; response_format?: unknown };
}

/** What the fake answers: a chat completion with this content, or a raw status and body, after a delay. */
export type FakeReply =
  | { readonly content: string; readonly usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } }
  | { readonly status: number; readonly body: string }
  | { readonly hang: true };

export interface FakeProvider {
  /** Base URL, e.g. `http://127.0.0.1:1234/v1`. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Sets the reply to the next requests (a function sees each request). */
  answer(reply: FakeReply | ((request: RecordedRequest) => FakeReply)): void;
  close(): Promise<void>;
}

export async function startFakeProvider(): Promise<FakeProvider> {
  const requests: RecordedRequest[] = [];
  let script: FakeReply | ((request: RecordedRequest) => FakeReply) = { status: 500, body: 'not scripted' };
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const recorded: RecordedRequest = {
        path: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(text || '{}') as RecordedRequest['body'],
      };
      requests.push(recorded);
      const reply = typeof script === 'function' ? script(recorded) : script;
      if ('hang' in reply) {
        hanging.add(response);
        return;
      }
      if ('status' in reply) {
        response.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(reply.body);
        return;
      }
      const usage = reply.usage ?? { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 };
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          id: 'fake',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: 'stop' }],
          usage,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    answer(reply) {
      script = reply;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
