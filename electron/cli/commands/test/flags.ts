/**
 * The flags of `lapwing test` and `lapwing test merge` that carry structure: `--shard I/N`,
 * `--report KIND:FILE` (repeatable) and `--min-coverage AREA=PERCENT,…`. Each is parsed by its zod
 * schema; a bad value is a usage error that names the flag and says what to write instead.
 */
import { InvalidArgumentError } from 'commander';
import {
  CoverageThresholdsSchema,
  ReportRequestSchema,
  ShardSchema,
  type CoverageThresholds,
  type ReportRequest,
  type Shard,
} from '../../../cases';

export type { ReportKind, ReportRequest } from '../../../cases';

/** What the zod schemas of the cases room offer (the CLI does not import zod itself). */
interface FlagSchema<T> {
  safeParse(value: string): { success: true; data: T } | { success: false; error: { issues: readonly { message: string }[] } };
}

function parsed<T>(schema: FlagSchema<T>, value: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // Commander names the flag and the value ("option '--shard <i/n>' argument '0/4' is invalid."); the reason follows.
  throw new InvalidArgumentError(result.error.issues.map((issue) => issue.message).join('; '));
}

export function parseShard(value: string): Shard {
  return parsed(ShardSchema, value);
}

/** Collects every `--report` given (commander calls this once per flag). */
export function collectReport(value: string, previous: readonly ReportRequest[] | undefined): ReportRequest[] {
  return [...(previous ?? []), parsed(ReportRequestSchema, value)];
}

export function parseMinCoverage(value: string): CoverageThresholds {
  return parsed(CoverageThresholdsSchema, value);
}
