/** Certainties as other tools write them: numbers, numeric strings (`"95"`), sometimes empty. */
import { z } from 'zod';

/** A certainty from a number or a numeric string; clamped to the Decision API's 1..100. */
export const LooseCertaintySchema = z
  .union([z.number(), z.string().regex(/^\s*\d+(?:\.\d+)?\s*$/, 'a certainty must be a number')])
  .transform((value) => {
    const number = typeof value === 'number' ? value : Number(value);
    return Math.min(100, Math.max(1, number));
  });

/** A value of a fact as other tools write it. */
export const LooseValueSchema = z.union([z.string(), z.number(), z.boolean()]);
