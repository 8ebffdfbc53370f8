/** `--report KIND:FILE`: which report (junit, json, html) to write where. */
import { z } from 'zod';

export const ReportRequestSchema = z
  .string()
  .trim()
  .regex(/^[a-z]+:.+$/i, 'use KIND:FILE, e.g. junit:results.xml (KIND is junit, json or html)')
  .transform((text) => ({ kind: text.slice(0, text.indexOf(':')).toLowerCase(), file: text.slice(text.indexOf(':') + 1) }))
  .pipe(
    z.strictObject({
      kind: z.enum(['junit', 'json', 'html'], { message: 'KIND is junit, json or html' }),
      file: z.string().trim().min(1, 'name the file after the colon'),
    }),
  );
export type ReportRequest = z.output<typeof ReportRequestSchema>;
export type ReportKind = ReportRequest['kind'];
