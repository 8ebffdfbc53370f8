/**
 * Bounds on the shape of a map's XML. Real maps stay far inside them (across the public samples: at
 * most 2,419 elements, 8 attributes on an element, 4 levels of nesting); a text that crosses one is
 * refused with one `limit/*` diagnostic at the place it happened, and the loader stops reading, so
 * a hostile upload costs no more than the text up to that point.
 */
export interface LoadLimits {
  /** Attributes on one element. */
  readonly attributesPerElement: number;
  /** Elements open at once (the root counts as 1). */
  readonly depth: number;
  /** Elements in the whole document. */
  readonly elements: number;
}

export const DEFAULT_LOAD_LIMITS: LoadLimits = {
  attributesPerElement: 256,
  depth: 64,
  elements: 500_000,
};

/** Thrown out of the XML parser's callbacks to stop reading once a limit was reported. */
export class LimitExceeded extends Error {
  constructor() {
    super('a load limit was exceeded');
  }
}
