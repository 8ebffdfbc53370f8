/**
 * The platform's map endpoints, as the VS Code extension uses them (shared/spec/api-wire.md §2.12):
 * `POST /maps` (header `Version: v1`) and `GET /analysis/file/{kmID}[?version=N]`.
 */
import { z } from 'zod';

export const CreateMapRequestSchema = z.object({
  rblang: z.string({ error: 'Please provide the map source as rblang.' }).min(1, 'Please provide the map source as rblang.'),
  name: z.string({ error: 'Please provide a name.' }).trim().min(1, 'Please provide a name.'),
  description: z.string({ error: 'Please provide the description as a string.' }).optional(),
});
export type CreateMapRequest = z.infer<typeof CreateMapRequestSchema>;

/** `201`: the new map. `id` and `kmID` are the same GUID in Lapwing (the draft's version ID is the map ID). */
export const CreateMapResponseSchema = z.object({
  id: z.string(),
  kmID: z.string(),
  /** Lapwing extension: load warnings (`line L, column C: message`), when there are any. */
  warnings: z.array(z.string()).optional(),
});
export type CreateMapResponse = z.infer<typeof CreateMapResponseSchema>;

/** A load problem of a refused map (Lapwing extension beside `err`). */
export const MapDiagnosticSchema = z.object({
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  code: z.string(),
});
export type MapDiagnostic = z.infer<typeof MapDiagnosticSchema>;

export const MapFileResponseSchema = z.object({ rblang: z.string() });
export type MapFileResponse = z.infer<typeof MapFileResponseSchema>;
