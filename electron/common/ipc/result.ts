/**
 * The Result envelope every contract method answers with, and the stable error codes.
 *
 * `ipcMain.handle` only carries an Error's message across the bridge, and HTTP would need its own
 * error body, so errors cross both transports as data: `{ ok: false, error: { code, message } }`.
 * Codes are `domain/reason` and stable; messages are for people and may change. The codes and the
 * envelope's types live in transport.ts (no zod) and are re-exported here.
 */
import { z } from 'zod';
import type { ErrorCode, Result } from './transport';

export { ErrorCodes, type ErrorCode, type ErrorInfo, type Result } from './transport';

export const ErrorInfoSchema = z.object({
  code: z.string().regex(/^[a-z][a-z0-9-]*\/[a-z0-9-]+$/, 'an error code is domain/reason'),
  message: z.string(),
  details: z.unknown().optional(),
});

/** Builds a success envelope. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** Builds a failure envelope. */
export function fail<T = never>(code: ErrorCode, message: string, details?: unknown): Result<T> {
  return details === undefined ? { ok: false, error: { code, message } } : { ok: false, error: { code, message, details } };
}

/** The zod schema of `Result<T>` for a given value schema (transports parse replies with it). */
export function resultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), value }), z.object({ ok: z.literal(false), error: ErrorInfoSchema })]);
}
