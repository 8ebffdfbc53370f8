/**
 * Error bodies of the Decision API. They are not uniform on the platform (api-wire.md §7), and
 * Lapwing reproduces the known forms: `{"err": [...]}` for validation, `{"error": "..."}` for a
 * missing session or map, plain text `Bad request!` for an unknown map on start.
 */
import { z } from 'zod';
import { MapDiagnosticSchema } from './maps';

/** 400: one message per problem, each naming its field. */
export const ValidationErrorBodySchema = z.object({
  err: z.array(z.string()),
  /** Lapwing extension on `POST /maps`: the refused map's load diagnostics with positions. */
  diagnostics: z.array(MapDiagnosticSchema).optional(),
});
export type ValidationErrorBody = z.infer<typeof ValidationErrorBodySchema>;

/** 401, 403, 404, 413, 5xx: a short reason, and (Lapwing) a sentence saying what to do. */
export const ErrorBodySchema = z.object({ error: z.string(), message: z.string().optional() });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The message every platform client knows for an unknown or expired session. */
export const SESSION_NOT_FOUND = 'Session ID not found';
