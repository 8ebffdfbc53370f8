/**
 * Messages between the server and its map-loading worker thread. The server checks each reply's
 * envelope with zod; the loaded map inside is the engine's own output, copied by structured clone,
 * and is not re-validated (that would cost as much as the load the worker saved us). The worker
 * checks requests with {@link isLoadRequest} instead of zod: importing zod there would add about a
 * second to the worker's start when TypeScript is compiled on the fly.
 */
import { z } from 'zod';
import type { LoadResult } from '../../engine';

export interface LoadRequest {
  readonly id: number;
  readonly source: string;
  readonly fileName?: string;
  /** Send the map back (a session needs it) or only the diagnostics (a check before storing). */
  readonly withMap: boolean;
}

export const LoadReplySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('loaded'),
    id: z.number().int(),
    result: z.custom<LoadResult>((value) => typeof value === 'object' && value !== null),
  }),
  z.object({ kind: z.literal('failed'), id: z.number().int(), message: z.string() }),
]);
export type LoadReply = z.infer<typeof LoadReplySchema>;
