/**
 * A fake host for store tests: the typed HostApi of the contract, answering from handlers the test
 * gives and recording every call. A method without a handler answers with an error envelope, so a
 * store calling something unexpected fails its test visibly.
 */
import { createPinia, setActivePinia } from 'pinia';
import type { ErrorInfo, MethodInput, MethodName, MethodOutput, Result } from '../../../electron/common/ipc';
import { createHostApi, setHost } from '../api/host';

type Handler<M extends MethodName> = (input: MethodInput<M>) => Result<MethodOutput<M>> | Promise<Result<MethodOutput<M>>>;
export type Handlers = { [M in MethodName]?: Handler<M> };

interface FakeHost {
  readonly calls: { method: MethodName; input: unknown }[];
  /** The inputs of every call of `method`, in order. */
  inputs<M extends MethodName>(method: M): MethodInput<M>[];
  on<M extends MethodName>(method: M, handler: Handler<M>): void;
}

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function failed<T>(code: string, message: string): Result<T> {
  return { ok: false, error: { code: code as ErrorInfo['code'], message } };
}

/** Installs a fake host (and a fresh Pinia) for the stores under test. */
export function installFakeHost(handlers: Handlers = {}): FakeHost {
  setActivePinia(createPinia());
  const table: Handlers = { ...handlers };
  const calls: FakeHost['calls'] = [];
  setHost(
    createHostApi(async (method, input) => {
      calls.push({ method, input });
      const handler = table[method] as Handler<typeof method> | undefined;
      if (!handler) return failed('test/unhandled', `the fake host has no ${method}`);
      return handler(input);
    }),
  );
  return {
    calls,
    inputs: <M extends MethodName>(method: M) => calls.filter((call) => call.method === method).map((call) => call.input as MethodInput<M>),
    on: (method, handler) => {
      (table as Record<string, unknown>)[method] = handler;
    },
  };
}
