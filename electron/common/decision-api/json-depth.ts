/**
 * How deeply a JSON text nests, found by one scan of its characters (no recursion, no parse), so
 * a body nested thousands of levels deep is refused before any code walks it recursively
 * (`JSON.stringify` when forwarding, schema validation, the engine).
 */

/** Deepest nesting a request body may have; real Decision API bodies nest fewer than ten levels. */
export const MAX_JSON_DEPTH = 128;

/** Whether `text` opens more than `limit` arrays or objects inside one another. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}
