/**
 * Query-string parsing that also splits on a second `?`: the Go SDK joins options as
 * `/start/X?contextid=foo?useDraft=true` (shared/spec/api-wire.md §2.1).
 */
import { parse } from 'node:querystring';

export function parseQueryString(text: string): Record<string, string | string[]> {
  const parsed = parse(text.replace(/\?/g, '&'));
  const result: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (value !== undefined) result[key] = value;
  }
  return result;
}
