/**
 * The one IPC contract between the renderer and the Node side.
 *
 * Each method name maps to an input schema and an output schema. Everything else is derived from
 * this object: the Electron main handlers and preload bridge, the browser-mode HTTP routes, the
 * renderer's two HostApi implementations. No channel string is written anywhere else.
 *
 * Every method answers with a {@link Result} envelope; payloads are validated on the Node side
 * against `input` (renderer-side validation is only a convenience for the user).
 */
import type { z } from 'zod';
import { appMethods } from './schemas/app';
import { casesMethods } from './schemas/cases';
import { chatMethods } from './schemas/chat';
import { consultationMethods } from './schemas/consultation';
import { consultationsMethods } from './schemas/consultations';
import { environmentsMethods } from './schemas/environments';
import { keysMethods } from './schemas/keys';
import { mapsMethods } from './schemas/maps';
import { nlProviderMethods } from './schemas/nl-provider';
import type { Result } from './transport';

// The transport constants (channel names, paths, header names) live in transport.ts (no zod).
export { HTTP_IPC_PREFIX, PRELOAD_GLOBAL, TOKEN_HEADER, TOKEN_META_NAME, ipcChannel, type PreloadBridge } from './transport';

/** A contract entry: what a method takes and what it answers with. */
interface MethodSpec {
  readonly input: z.ZodType;
  readonly output: z.ZodType;
}

export const contract = {
  ...appMethods,
  ...environmentsMethods,
  ...keysMethods,
  ...mapsMethods,
  ...consultationMethods,
  ...consultationsMethods,
  ...casesMethods,
  ...chatMethods,
  ...nlProviderMethods,
} as const satisfies Record<string, MethodSpec>;

export type Contract = typeof contract;
export type MethodName = keyof Contract;

/** What a caller passes (before defaults are applied). */
export type MethodInput<M extends MethodName> = z.input<Contract[M]['input']>;
/** What a handler receives (after parsing: defaults applied, strings trimmed). */
export type ParsedInput<M extends MethodName> = z.output<Contract[M]['input']>;
/** What a method answers with inside `{ ok: true, value }`. */
export type MethodOutput<M extends MethodName> = z.output<Contract[M]['output']>;

/** Every method name, in contract order. */
export const METHOD_NAMES = Object.keys(contract) as MethodName[];

/** Whether `name` is a contract method (for transports receiving untyped names). */
export function isMethodName(name: string): name is MethodName {
  return Object.prototype.hasOwnProperty.call(contract, name);
}

/**
 * The host API the renderer programs against. Implemented twice in the renderer (Electron IPC via
 * preload, HTTP in browser mode) and once on the Node side by the workbench.
 */
export type HostApi = {
  readonly [M in MethodName]: (input: MethodInput<M>) => Promise<Result<MethodOutput<M>>>;
};

/** What the Node side implements: handlers receive parsed input. */
export type HostHandlers = {
  readonly [M in MethodName]: (input: ParsedInput<M>) => Promise<Result<MethodOutput<M>>>;
};

/** The generic entry point both transports expose: `invoke(method, input)`. */
export type Invoke = <M extends MethodName>(method: M, input: MethodInput<M>) => Promise<Result<MethodOutput<M>>>;
