/**
 * A minimal OpenAI-compatible chat-completions client on the global fetch. Failures are data
 * (`timeout`, `http`, `network`, `format`) so callers can fall back to the offline reader.
 */
import { z } from 'zod';
import type { TokenUsage } from '../interact/interact';
import { completionsUrl, type ProviderConfig } from './config';

export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

type ChatResult =
  | { readonly ok: true; readonly content: string; readonly usage: TokenUsage }
  | { readonly ok: false; readonly reason: 'timeout' | 'http' | 'network' | 'format'; readonly message: string };

const CompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
  usage: z
    .object({ prompt_tokens: z.number().optional(), completion_tokens: z.number().optional(), total_tokens: z.number().optional() })
    .optional(),
});

/** The fetch the client uses (tests may pass their own; the default is the global one). */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

/** Sends one chat completion. `json` asks for a JSON object reply (`response_format`). */
export async function chatCompletion(
  config: ProviderConfig,
  messages: readonly ChatMessage[],
  options: { json?: boolean; fetch?: FetchLike } = {},
): Promise<ChatResult> {
  const send: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.timeoutMs);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (config.key) headers.Authorization = `Bearer ${config.key}`;
  const body = JSON.stringify({
    model: config.model,
    messages,
    temperature: 0,
    ...(options.json ? { response_format: { type: 'json_object' } } : {}),
  });
  try {
    const response = await send(completionsUrl(config), { method: 'POST', headers, body, signal: controller.signal });
    const text = await response.text();
    if (!response.ok) return { ok: false, reason: 'http', message: `the provider answered HTTP ${response.status}` };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, reason: 'format', message: 'the provider did not answer JSON' };
    }
    const parsed = CompletionSchema.safeParse(json);
    if (!parsed.success) return { ok: false, reason: 'format', message: 'the provider answer is not a chat completion' };
    const usage = parsed.data.usage;
    const promptTokens = Math.max(0, Math.round(usage?.prompt_tokens ?? 0));
    const completionTokens = Math.max(0, Math.round(usage?.completion_tokens ?? 0));
    return {
      ok: true,
      content: parsed.data.choices[0].message.content ?? '',
      usage: {
        promptTokens,
        completionTokens,
        totalTokens: Math.max(0, Math.round(usage?.total_tokens ?? promptTokens + completionTokens)),
      },
    };
  } catch (error) {
    if (controller.signal.aborted)
      return { ok: false, reason: 'timeout', message: `the provider did not answer within ${config.timeoutMs} ms` };
    return {
      ok: false,
      reason: 'network',
      message: `the provider could not be reached (${error instanceof Error ? error.message : String(error)})`,
    };
  } finally {
    clearTimeout(timer);
  }
}
