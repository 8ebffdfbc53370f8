/**
 * The one entry point both transports call: validate the payload against the contract, run the
 * handler, and always answer with a Result envelope. Electron main and the browser-mode host
 * differ only in how the method name and payload arrive.
 */
import {
  contract,
  describeIssues,
  ErrorCodes,
  fieldIssues,
  isMethodName,
  type HostHandlers,
  type MethodName,
  type Result,
} from '../common/ipc';
import { consoleBugLogger, expectedError, internalError, type BugLogger } from './errors';

/** Invokes a method by name with an untrusted payload. Never throws. */
export type Dispatch = (method: string, payload: unknown) => Promise<Result<unknown>>;

/** Builds the dispatcher over a full set of handlers. */
export function createDispatch(handlers: HostHandlers, logBug: BugLogger = consoleBugLogger): Dispatch {
  return async (method, payload) => {
    if (!isMethodName(method)) {
      return { ok: false, error: { code: ErrorCodes.unknownMethod, message: `Unknown method "${method}".` } };
    }
    const spec = contract[method];
    // An absent body means "no arguments" for methods whose input is an empty object.
    const parsed = spec.input.safeParse(payload ?? {});
    if (!parsed.success) {
      return {
        ok: false,
        error: {
          code: ErrorCodes.invalidInput,
          message: describeIssues(`Invalid input for ${method}`, parsed.error),
          details: fieldIssues(parsed.error),
        },
      };
    }
    try {
      const result = await callHandler(handlers, method, parsed.data);
      if (!result.ok) return result;
      const checked = spec.output.safeParse(result.value);
      if (!checked.success) {
        logBug(method, new Error(describeIssues(`output of ${method} does not match the contract`, checked.error)));
        return {
          ok: false,
          error: {
            code: ErrorCodes.invalidOutput,
            message: `Lapwing produced an invalid answer for ${method}; details are in the application log.`,
          },
        };
      }
      return { ok: true, value: checked.data };
    } catch (error) {
      const expected = expectedError(error);
      if (expected) return { ok: false, error: expected };
      logBug(method, error);
      return { ok: false, error: internalError(method) };
    }
  };
}

/** One place where the name-indexed call loses its per-method typing (the input was parsed for `method`). */
function callHandler(handlers: HostHandlers, method: MethodName, input: unknown): Promise<Result<unknown>> {
  const handler = handlers[method] as (input: unknown) => Promise<Result<unknown>>;
  return handler(input);
}
