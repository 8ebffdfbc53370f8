/** The platform's documented batch size for `/inject`, and the one way Lapwing splits larger sets. */

/** The most facts one inject request may carry; larger sets go in batches of this size, one after another. */
export const INJECT_BATCH_SIZE = 250;

/** Splits facts (or anything) into inject batches, in order. */
export function injectBatches<T>(items: readonly T[], size = INJECT_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}
