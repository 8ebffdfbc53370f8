/** The worker's check of a request (see protocol.ts for why it is not a zod schema). */
import type { LoadRequest } from './protocol';

export function isLoadRequest(value: unknown): value is LoadRequest {
  if (typeof value !== 'object' || value === null) return false;
  const request = value as Record<string, unknown>;
  return (
    Number.isInteger(request.id) &&
    typeof request.source === 'string' &&
    typeof request.withMap === 'boolean' &&
    (request.fileName === undefined || typeof request.fileName === 'string')
  );
}
