/**
 * The journal's bounds from the environment, for `lapwing serve` and the embedded engine:
 * `LAPWING_SESSION_RETENTION_DAYS` (how long a session's journal is kept after its last
 * activity; default 7) and `LAPWING_JOURNAL_ALARM_MB` (the size of sessions and journals above
 * which each sweep logs a warning; default 2048, 0 turns it off).
 */
import { z } from 'zod';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_RETENTION_DAYS = 7;
const DEFAULT_ALARM_MB = 2048;

const RetentionSchema = z.coerce.number().positive().max(3650);
const AlarmSchema = z.coerce.number().int().min(0);

function read<T>(env: NodeJS.ProcessEnv, name: string, schema: z.ZodType<T>, fallback: T, expected: string): T {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`${name} must be ${expected} (it is "${raw}")`);
  return parsed.data;
}

/** Retention in ms. */
export function retentionFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return (
    read(
      env,
      'LAPWING_SESSION_RETENTION_DAYS',
      RetentionSchema,
      DEFAULT_RETENTION_DAYS,
      'a number of days above 0 (fractions allowed), at most 3650',
    ) * DAY_MS
  );
}

/** The alarm in bytes, or undefined when turned off. */
export function alarmFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const mb = read(env, 'LAPWING_JOURNAL_ALARM_MB', AlarmSchema, DEFAULT_ALARM_MB, 'a whole number of megabytes (0 turns the alarm off)');
  return mb === 0 ? undefined : mb * 1024 * 1024;
}
