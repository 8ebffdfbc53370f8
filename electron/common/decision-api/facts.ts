/** Fact IDs the Decision API hands out that name no fact. */

/**
 * `WA:XX` and `WA:XX:<hash>` stand for unmet optional conditions: they have no evidence, so they
 * are never fetched (fetching one 404s) nor stored.
 */
export function isSyntheticFactId(factID: string): boolean {
  return /^[^:\s]+:XX(?::|$)/.test(factID);
}
