/** Turning zod failures into messages that name the field, for people and for `details`. */
import type { z } from 'zod';

/** One failed check: the field's dotted path (`answers.0.relationship`) and what is wrong. */
interface FieldIssue {
  readonly path: string;
  readonly message: string;
}

/** The issues of a zod error, with paths written as `a.b.0.c` (`(input)` for the whole payload). */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.length === 0 ? '(input)' : issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** `what: path: message; path: message` for the first few issues. */
export function describeIssues(what: string, error: z.ZodError, limit = 5): string {
  const issues = fieldIssues(error);
  const shown = issues.slice(0, limit).map((issue) => `${issue.path}: ${issue.message}`);
  const more = issues.length > limit ? `; and ${issues.length - limit} more` : '';
  return `${what}: ${shown.join('; ')}${more}`;
}
