/**
 * Decision API request schemas: lenient wire parsing into the normalised engine inputs.
 *
 * Real clients send more shapes than the published interface describes (shared/spec/api-wire.md
 * §1.3, §1.4, §2): `cf` instead of `certainty`, certainties as numeric strings, `null` or `""` for
 * an unknown subject or object, extra fields such as `id` and `sessionId`. Each schema accepts all
 * of these and outputs the one shape the engine takes (`inputs.ts`). Unknown fields are ignored.
 *
 * Error messages name the field; the platform's own wording is kept where it is known (e.g. the
 * query without subject and object). The server reports them as `{"err": [...]}`.
 */
import { z } from 'zod';
import { INJECT_BATCH_SIZE } from './batches';
import type { AnswerInput, FactInput, InputValue, QueryInput } from './inputs';

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;

/** `certainty` or its alias `cf`: a number, or a numeric string (the Go SDK sends `"cf":"100"`). */
export const WireCertaintySchema = z
  .union([z.number(), z.string().regex(NUMERIC).transform(Number)], {
    error: 'Please provide a numeric certainty between 0 and 100.',
  })
  .pipe(z.number().min(0, 'Please provide a certainty between 0 and 100.').max(100, 'Please provide a certainty between 0 and 100.'));

/** A subject as sent: a string or a number; `null` and `""` mean absent (queries and skips). */
const WireSubjectSchema = z.union([z.string(), z.number(), z.null()], { error: 'Please provide a string or numeric subject.' });
/** An object as sent: string, number or boolean; `null` and `""` mean absent (queries and skips). */
const WireObjectSchema = z.union([z.string(), z.number(), z.boolean(), z.null()], {
  error: 'Please provide a string, numeric or boolean object.',
});
const WireRelationshipSchema = z
  .string({ error: 'Please provide a string relationship.' })
  .trim()
  .min(1, 'Please provide a string relationship.');

/** `null`, `""` (and whitespace) and a missing key all mean "not given". */
function present<T extends InputValue>(value: T | null | undefined): T | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value;
}

function subjectText(value: string | number | null | undefined): string | undefined {
  const given = present(value);
  return given === undefined ? undefined : String(given);
}

/** Picks `certainty`, else `cf`; both are accepted, `certainty` wins when both are sent. */
function certaintyOf(fact: { certainty?: number | undefined; cf?: number | undefined }): number | undefined {
  return fact.certainty ?? fact.cf;
}

// ---------------------------------------------------------------------------------------------
// Inject

export const InjectFactRequestSchema = z
  .object({
    subject: WireSubjectSchema,
    relationship: WireRelationshipSchema,
    object: WireObjectSchema,
    certainty: WireCertaintySchema.optional(),
    cf: WireCertaintySchema.optional(),
  })
  .superRefine((fact, ctx) => {
    if (present(fact.subject) === undefined)
      ctx.addIssue({ code: 'custom', path: ['subject'], message: 'Please provide a string or numeric subject.' });
    if (present(fact.object) === undefined)
      ctx.addIssue({ code: 'custom', path: ['object'], message: 'Please provide a string, numeric or boolean object.' });
  })
  .transform((fact): FactInput => ({
    subject: String(fact.subject),
    relationship: fact.relationship,
    object: fact.object as InputValue,
    // Several clients send no certainty at all (yolapi's README); the platform takes that as 100.
    certainty: certaintyOf(fact) ?? 100,
  }));

/** The inject body: a bare array of facts, at most {@link INJECT_BATCH_SIZE} per request. */
export const InjectRequestSchema = z
  .array(InjectFactRequestSchema, { error: 'Please provide an array of facts to inject.' })
  .min(1, 'Please provide at least one fact to inject.')
  .max(
    INJECT_BATCH_SIZE,
    `Too many facts in one request: inject at most ${INJECT_BATCH_SIZE} facts per request, sending larger sets in batches of ${INJECT_BATCH_SIZE}.`,
  );

// ---------------------------------------------------------------------------------------------
// Query

export const QueryRequestSchema = z
  .object({
    subject: WireSubjectSchema.optional(),
    relationship: WireRelationshipSchema,
    object: WireObjectSchema.optional(),
  })
  .superRefine((query, ctx) => {
    if (present(query.subject) === undefined && present(query.object) === undefined) {
      // The platform's exact pair of messages for a query with neither side (api-wire.md §2.3).
      ctx.addIssue({ code: 'custom', path: [], message: 'Please provide a string or numeric subject.' });
      ctx.addIssue({ code: 'custom', path: [], message: 'Please provide a string or numeric object.' });
    }
  })
  .transform((query): QueryInput => {
    const subject = subjectText(query.subject);
    const object = present(query.object);
    return {
      relationship: query.relationship,
      ...(subject === undefined ? {} : { subject }),
      ...(object === undefined ? {} : { object }),
    };
  });

// ---------------------------------------------------------------------------------------------
// Response (answers)

const UnansweredSchema = z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')], {
  error: 'Please provide an expected boolean value for unanswered.',
});

export const AnswerRequestSchema = z
  .object({
    subject: WireSubjectSchema.optional(),
    relationship: WireRelationshipSchema,
    object: WireObjectSchema.optional(),
    certainty: WireCertaintySchema.optional(),
    cf: WireCertaintySchema.optional(),
    answer: z.enum(['yes', 'no'], { error: 'Please provide "yes" or "no" as the answer.' }).optional(),
    unanswered: UnansweredSchema.optional(),
  })
  .transform((answer): AnswerInput => {
    const subject = subjectText(answer.subject);
    const object = present(answer.object);
    const certainty = certaintyOf(answer);
    return {
      relationship: answer.relationship,
      ...(subject === undefined ? {} : { subject }),
      ...(object === undefined ? {} : { object }),
      ...(certainty === undefined ? {} : { certainty }),
      ...(answer.answer === undefined ? {} : { answer: answer.answer }),
      ...(answer.unanswered === undefined ? {} : { unanswered: answer.unanswered }),
    };
  });

/** The `/response` body: `{answers: [...]}`; extra fields (`id`, `sessionId`) are ignored. */
export const ResponseRequestSchema = z.object(
  {
    answers: z.array(AnswerRequestSchema, { error: 'Please provide an array of answers.' }).min(1, 'Please provide at least one answer.'),
  },
  { error: 'Please provide an object with an answers array.' },
);

// ---------------------------------------------------------------------------------------------
// Undo

// ---------------------------------------------------------------------------------------------
// Query strings. Values arrive as strings; a repeated key arrives as an array (first one wins).

const QueryValueSchema = z.union([z.string(), z.array(z.string())]).transform((value) => (Array.isArray(value) ? (value[0] ?? '') : value));

const BooleanTextSchema = QueryValueSchema.pipe(
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((text) => ['', 'true', 'false', '1', '0'].includes(text), 'Please provide true or false for useDraft.')
    // A bare `?useDraft` means true.
    .transform((text) => text !== 'false' && text !== '0'),
);

const VersionTextSchema = QueryValueSchema.pipe(
  z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,8}$/, 'Please provide a valid version.')
    .transform(Number),
);

/** Query of `GET /start/{kmID}`. `contextid` (Go, api-js) and `contextId` (JS SDK) are both read. */
export const StartQuerySchema = z
  .object({
    useDraft: BooleanTextSchema.optional(),
    version: VersionTextSchema.optional(),
    contextid: QueryValueSchema.optional(),
    contextId: QueryValueSchema.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.useDraft !== undefined && query.version !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['useDraft'], message: 'Please provide either useDraft or version, not both.' });
    }
  })
  .transform((query) => ({
    useDraft: query.useDraft,
    version: query.version,
    contextId: present(query.contextid ?? query.contextId),
  }));

/** Comma-separated lists, possibly repeated (`?filter=version&filter=facts`). */
const ListTextSchema = z.union([z.string(), z.array(z.string())]).transform((value) =>
  (Array.isArray(value) ? value : [value])
    .flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== ''),
);

const SessionFilterSchema = z.enum(['version', 'facts']);

/** Query of `GET /analysis/session/{sessionID}`. */
export const SessionInfoQuerySchema = z
  .object({
    filter: ListTextSchema.pipe(z.array(SessionFilterSchema, { error: 'Please provide version or facts as the filter.' })).optional(),
    relationships: ListTextSchema.optional(),
  })
  .transform((query) => ({
    filter:
      query.filter && query.filter.length > 0 ? [...new Set(query.filter)] : (['version'] as Array<z.infer<typeof SessionFilterSchema>>),
    relationships: query.relationships && query.relationships.length > 0 ? query.relationships : undefined,
  }));

/** Query of `GET /analysis/interactions/{sessionID}`: `format=json|csv`, any case, default JSON. */
export const InteractionsQuerySchema = z
  .object({
    format: QueryValueSchema.pipe(
      z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.enum(['json', 'csv'], { error: 'Please provide json or csv as the format.' })),
    ).optional(),
  })
  .transform((query) => ({ format: query.format ?? 'json' }));

/** Query of `GET /analysis/file/{kmID}`. */
export const MapFileQuerySchema = z.object({ version: VersionTextSchema.optional() });

// ---------------------------------------------------------------------------------------------
// Formatting validation errors

/** `answers[0].certainty`-style path of an issue; empty for whole-body issues. */
function issuePath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text === '' ? String(key) : `${text}.${String(key)}`),
    '',
  );
}

/** One message per problem, each naming its field: what the server puts in `{"err": [...]}`. */
export function describeIssues(error: z.ZodError): string[] {
  const messages = error.issues.map((issue) => {
    const path = issuePath(issue.path);
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });
  return [...new Set(messages)];
}
