/**
 * Reading prompts with a provider: the offline reader first; when it cannot place everything (an
 * error, unmatched text or refused facts, as with other languages or free phrasing), the provider
 * is asked, and its reading is used if it fits the map. Any provider failure or timeout leaves the
 * offline reading in place. Tokens spent are reported either way.
 */
import { interpret } from '../understand/interpret';
import type { Interpretation, InterpretOptions } from '../understand/types';
import type { Vocabulary } from '../vocabulary/types';
import { NO_TOKENS, type TokenUsage, type Understand } from '../interact/interact';
import { chatCompletion, type FetchLike } from './client';
import type { ProviderConfig } from './config';
import { understandingMessages } from './prompts';
import { interpretationFromModel, parseModelReply } from './structured';

/** The offline reader, as an {@link Understand}. */
export const offlineUnderstand: Understand = async (prompt, vocabulary, options) => ({
  interpretation: interpret(prompt, vocabulary, options),
  usage: NO_TOKENS,
});

function placedEverything(interpretation: Interpretation): boolean {
  return interpretation.kind !== 'error' && interpretation.facts.unmatched.length === 0 && interpretation.facts.invalid.length === 0;
}

/** Observes provider failures (the server logs them). */
export type ProviderListener = (event: { readonly kind: 'used' | 'rejected' | 'failed'; readonly message?: string }) => void;

/** What the provider made of a prompt: a reading that fits the map, or why there is none. */
type ProviderReading =
  | { readonly ok: true; readonly interpretation: Interpretation; readonly usage: TokenUsage }
  | { readonly ok: false; readonly kind: 'failed' | 'rejected'; readonly message: string; readonly usage: TokenUsage };

/** Asks the provider alone to read a prompt (the evaluation measures this path on its own). */
export async function readWithProvider(
  config: ProviderConfig,
  prompt: string,
  vocabulary: Vocabulary,
  readOptions: InterpretOptions,
  options: { fetch?: FetchLike } = {},
): Promise<ProviderReading> {
  const today = new Date(readOptions.now).toISOString().slice(0, 10);
  const reply = await chatCompletion(config, understandingMessages(vocabulary, prompt, readOptions.pending ?? [], today), {
    json: true,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  if (!reply.ok) return { ok: false, kind: 'failed', message: reply.message, usage: NO_TOKENS };
  const parsed = parseModelReply(reply.content);
  const reading = parsed ? interpretationFromModel(vocabulary, parsed, readOptions.pending ?? []) : undefined;
  if (!reading) return { ok: false, kind: 'rejected', message: 'the provider reply did not fit the map', usage: reply.usage };
  return { ok: true, interpretation: reading, usage: reply.usage };
}

/** An {@link Understand} that consults the provider when the offline reader falls short. */
export function providerUnderstand(config: ProviderConfig, options: { fetch?: FetchLike; listener?: ProviderListener } = {}): Understand {
  return async (prompt, vocabulary, readOptions) => {
    const offline = interpret(prompt, vocabulary, readOptions);
    if (placedEverything(offline)) return { interpretation: offline, usage: NO_TOKENS, reader: 'offline' };
    const reading = await readWithProvider(config, prompt, vocabulary, readOptions, options.fetch ? { fetch: options.fetch } : {});
    if (!reading.ok) {
      options.listener?.({ kind: reading.kind, message: reading.message });
      return { interpretation: offline, usage: reading.usage, reader: 'offline' };
    }
    options.listener?.({ kind: 'used' });
    return { interpretation: reading.interpretation, usage: reading.usage, reader: 'provider' };
  };
}
