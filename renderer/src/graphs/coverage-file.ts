/**
 * The coverage map's JSON file: what "Export JSON" writes and "Import coverage" reads back, so a
 * run's coverage can be kept, sent to someone and looked at again without the run. One zod schema
 * checks the file and gives its type; a file that fails says which field is wrong.
 */
import { z } from 'zod';
import type { Coverage, CoverageAttribution } from '../../../electron/cases/core';
import { VersionPolicySchema, describeIssues } from '../../../electron/common/ipc';
import type { CoverageData } from '../stores/cases';

/** Written into every file, so a coverage file is told apart from the app's other JSON exports. */
export const COVERAGE_FORMAT = 'lapwing-coverage';

const CountSchema = z.object({ covered: z.number().int().min(0), total: z.number().int().min(0) });
const NamesSchema = z.record(z.string(), z.array(z.string()));

const CoverageSchema = z.object({
  relationships: z.array(
    z.object({
      name: z.string(),
      uses: z.array(z.enum(['injected', 'queried', 'asked', 'answered', 'concluded', 'evidence'])),
    }),
  ),
  rules: z.array(z.object({ id: z.string(), relationship: z.string(), line: z.number().int(), fired: z.number().int().min(0) })),
  questions: z.array(
    z.object({
      relationship: z.string(),
      form: z.enum(['first-form', 'second-form-object', 'second-form-subject']),
      asked: z.number().int().min(0),
      options: z.array(z.string()),
      answered: z.array(z.string()),
    }),
  ),
  totals: z.object({ relationships: CountSchema, rules: CountSchema, questions: CountSchema, options: CountSchema }),
}) satisfies z.ZodType<Coverage>;

const CoverageFileSchema = z.object({
  // Files exported before the format was written have neither field nor a version policy (then "live").
  format: z.literal(COVERAGE_FORMAT).optional(),
  version: z.literal(1).optional(),
  mapId: z.string().trim().min(1, 'must name the covered map'),
  versionPolicy: VersionPolicySchema.default({ kind: 'live' }),
  coverage: CoverageSchema,
  exercisedBy: z.object({
    relationships: NamesSchema,
    rules: NamesSchema,
    questions: NamesSchema,
  }) satisfies z.ZodType<CoverageAttribution>,
});

/** The file's content for a run's coverage. */
export function toCoverageFile(data: CoverageData): { format: typeof COVERAGE_FORMAT; version: 1 } & CoverageData {
  return {
    format: COVERAGE_FORMAT,
    version: 1,
    mapId: data.mapId,
    versionPolicy: data.versionPolicy,
    coverage: data.coverage,
    exercisedBy: data.exercisedBy,
  };
}

/** Reads a coverage file back, or says what is wrong with it and where. */
export function readCoverageFile(text: string, fileName: string): { ok: true; value: CoverageData } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `${fileName} is not JSON: ${(error as Error).message}` };
  }
  const parsed = CoverageFileSchema.safeParse(json);
  if (!parsed.success) return { ok: false, message: describeIssues(`${fileName} is not a Lapwing coverage file`, parsed.error) };
  const { mapId, versionPolicy, coverage, exercisedBy } = parsed.data;
  return { ok: true, value: { mapId, versionPolicy, coverage, exercisedBy } };
}
