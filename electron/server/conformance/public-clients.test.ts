/**
 * Public Rainbird clients from the npm registry, used unchanged against `lapwing serve` (the CLI
 * command, run in-process on a free port):
 * `@rainbird/sdk` 1.0.1-alpha.3 (the platform's JavaScript SDK) and `yolapi` 0.3.2 (the
 * platform's older example wrapper). Neither ships types, so each gets a minimal declaration.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIO } from '../../cli';
import { main } from '../../cli';
import { fixtureMapPath } from '../test-support/fixtures';
import { TEST_API_KEY } from '../test-support/harness';

interface SdkParsed {
  readonly type: symbol;
  readonly data: unknown;
}
interface RainbirdSdk {
  readonly RESPONSE_TYPE_QUESTION: symbol;
  readonly RESPONSE_TYPE_RESULT: symbol;
  start(
    baseURL: string,
    apiKey: string,
    kmID: string,
    options?: { engine?: string; context?: string },
  ): Promise<{ sessionID: string; kmVersionID: string }>;
  inject(baseURL: string, sessionID: string, data: unknown, options?: { engine?: string }): Promise<unknown>;
  query(
    baseURL: string,
    sessionID: string,
    subject: string | null,
    relationship: string,
    object: string | null,
    options?: { engine?: string },
  ): Promise<SdkParsed>;
  response(baseURL: string, sessionID: string, answers: unknown, options?: { engine?: string }): Promise<SdkParsed>;
  undo(baseURL: string, sessionID: string, data?: unknown, options?: { engine?: string }): Promise<SdkParsed>;
  evidence(baseURL: string, sessionID: string, factID: string, options?: { engine?: string }): Promise<{ factID: string; source: string }>;
}

type Callback<T> = (error: Error | null, body?: T) => void;
interface YolSession {
  id?: string;
  start(callback: Callback<{ id: string }>): void;
  inject(facts: unknown, callback: Callback<unknown>): void;
  query(data: unknown, callback: Callback<unknown>): void;
  respond(data: unknown, callback: Callback<unknown>): void;
}
interface Yolapi {
  readonly session: new (url: string, apiKey: string, kmId: string, query?: Record<string, string>) => YolSession;
}

const require = createRequire(import.meta.url);
const sdk = require('@rainbird/sdk') as RainbirdSdk;
const yolapi = require('yolapi') as Yolapi;

function promised<T>(call: (callback: Callback<T>) => void): Promise<T | undefined> {
  return new Promise((resolve, reject) => call((error, body) => (error ? reject(error) : resolve(body))));
}

/** Runs `lapwing ...` in-process; resolves with its stdout once `until` matches it (or it exits). */
function lapwing(argv: string[], until?: RegExp): { output: Promise<string>; exit: Promise<number> } {
  let out = '';
  let seen: (text: string) => void = () => {};
  const output = new Promise<string>((resolve) => (seen = resolve));
  const io: CliIO = {
    out: (text) => {
      out += text;
      if (until?.test(out)) seen(out);
    },
    err: () => {},
  };
  const exit = main(argv, io).then((code) => {
    seen(out);
    return code;
  });
  return { output, exit };
}

const dataDir = mkdtempSync(join(tmpdir(), 'lapwing-public-clients-'));
const server = { url: '' };
let kmID: string;
let serving: Promise<number>;
beforeAll(async () => {
  kmID = (JSON.parse(await lapwing(['map', 'add', fixtureMapPath('travel-money'), '--data', dataDir]).output) as { id: string }).id;
  // The SDK cannot send an evidence key (like the Power Platform connector): leave evidence open.
  await lapwing(['map', 'settings', kmID, '--secure-evidence', 'off', '--data', dataDir]).exit;
  const serve = lapwing(['serve', '--port', '0', '--data', dataDir, '--api-key', TEST_API_KEY], /listening on (\S+)\n/);
  serving = serve.exit;
  server.url = /listening on (\S+)\n/.exec(await serve.output)?.[1] ?? '';
});
afterAll(async () => {
  process.emit('SIGTERM', 'SIGTERM');
  await serving;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('@rainbird/sdk 1.0.1-alpha.3, unchanged', () => {
  it('starts (Basic auth), injects with cf, queries, answers, undoes ({"data":{}}) and reads evidence', async () => {
    const options = { engine: 'Core' };
    const { sessionID, kmVersionID } = await sdk.start(server.url, TEST_API_KEY, kmID, options);
    expect(kmVersionID).toBe(kmID);
    expect(
      await sdk.inject(server.url, sessionID, [{ subject: 'Ana', relationship: 'holds passport of', object: 'Norway', cf: 100 }], options),
    ).toEqual({ result: 'OK' });

    const asked = await sdk.query(server.url, sessionID, 'Ana', 'pays with', null, options);
    expect(asked.type).toBe(sdk.RESPONSE_TYPE_QUESTION);
    expect(asked.data).toMatchObject({ question: { relationship: 'is visiting' }, extraQuestions: [] });

    const answered = await sdk.response(
      server.url,
      sessionID,
      [{ subject: 'Ana', relationship: 'is visiting', object: 'Japan', certainty: 100 }],
      options,
    );
    expect(answered.type).toBe(sdk.RESPONSE_TYPE_RESULT);
    const [result] = answered.data as { object: string; factID: string }[];
    expect(result?.object).toBe('yen');

    const evidence = await sdk.evidence(server.url, sessionID, result?.factID ?? '', options);
    expect(evidence).toMatchObject({ factID: result?.factID, source: 'rule' });

    const undone = await sdk.undo(server.url, sessionID, undefined, options);
    expect(undone.type).toBe(sdk.RESPONSE_TYPE_QUESTION);
  });

  it('surfaces Lapwing errors as the SDK does for the platform', async () => {
    await expect(sdk.start(server.url, 'wrong-key', kmID)).rejects.toThrow('API error code: 401');
    await expect(sdk.query(server.url, 'c1bf18d7-d1f0-44bc-a639-8cd4ded56dce', 'Ana', 'pays with', null)).rejects.toThrow(
      'API error code: 404',
    );
  });
});

describe('yolapi 0.3.2, unchanged', () => {
  it('starts with Basic auth, injects without certainty, queries and responds', async () => {
    const session = new yolapi.session(server.url, TEST_API_KEY, kmID);
    const started = await promised<{ id: string }>((callback) => session.start(callback));
    expect(started?.id).toBe(session.id);
    await promised((callback) => session.inject([{ subject: 'Ana', relationship: 'holds passport of', object: 'Mexico' }], callback));
    const question = await promised((callback) => session.query({ subject: 'Ana', relationship: 'pays with' }, callback));
    expect(question).toMatchObject({ question: { prompt: 'Where is Ana travelling to?' }, sid: session.id });
    const result = await promised((callback) =>
      session.respond({ answers: [{ subject: 'Ana', relationship: 'is visiting', object: 'Mexico', certainty: 100 }] }, callback),
    );
    expect(result).toMatchObject({ result: [{ object: 'peso', certainty: 80 }] });
  });
});
