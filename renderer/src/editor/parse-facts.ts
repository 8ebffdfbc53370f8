/**
 * Turns the fact editor's text into inject facts. The Node side validates again (it must: the
 * renderer is not trusted); this is so the user sees problems before anything is sent.
 */
import { FactInputSchema } from '../../../electron/common/ipc';
import type { FactInputData } from '../../../electron/common/ipc';

type ParsedFacts = { ok: true; facts: FactInputData[] } | { ok: false; message: string };

export function parseFacts(text: string): ParsedFacts {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `The facts are not valid JSON: ${(error as Error).message}` };
  }
  const items = Array.isArray(data) ? data : [data];
  if (items.length === 0) return { ok: false, message: 'There are no facts to inject: the list is empty.' };
  const facts: FactInputData[] = [];
  for (const [index, item] of items.entries()) {
    const parsed = FactInputSchema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
      return { ok: false, message: `Fact ${index + 1}${where}: ${issue?.message ?? 'invalid'}` };
    }
    facts.push(parsed.data);
  }
  return { ok: true, facts };
}
