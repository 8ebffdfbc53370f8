/**
 * The natural-language service of a Decision API host: `/nl/interact` and `/nl/explain` without
 * HTTP. It keeps each session's conversation (pronoun referents, last questions shown) in memory,
 * caches vocabularies per loaded map, and adds the seed's metadata to every reply.
 */
import type { NLExplainResponse, NLInteractResponse, NLMetadata } from '../common/decision-api';
import type { KnowledgeMap } from '../engine';
import type { ConsultationSession } from '../engine';
import { explainFact } from './explain/explain-fact';
import { interact, newConversation, type ConversationState, type TokenUsage, type Understand } from './interact/interact';
import { wireError } from './interact/replies';
import type { FetchLike } from './provider/client';
import type { ProviderConfig } from './provider/config';
import { offlineUnderstand, providerUnderstand, type ProviderListener } from './provider/understand';
import { statusOfCode } from './understand/errors';
import { buildVocabulary } from './vocabulary/build';
import type { Vocabulary } from './vocabulary/types';

/**
 * Where the provider settings come from at the moment of use (the workbench reads its settings and
 * the keychain on every call, so a changed key takes effect without a restart). Undefined: offline.
 * A rejection (the keychain cannot be read) is reported to the listener and the offline reader answers.
 */
export type ProviderSource = () => Promise<ProviderConfig | undefined>;

interface NaturalLanguageOptions {
  /** The optional language-model provider, fixed or looked up per call; offline only when absent. */
  readonly provider?: ProviderConfig | ProviderSource;
  /** Fetch for the provider (the global one by default). */
  readonly fetch?: FetchLike;
  /** Epoch ms; relative dates ("yesterday") and `querySubmittedAt` use it. */
  readonly clock?: () => number;
  readonly listener?: ProviderListener;
  /** Conversations kept in memory (least recently used dropped first; default 10,000). */
  readonly maxConversations?: number;
}

interface NLReply<T> {
  readonly status: number;
  readonly body: T;
}

/** What one call needs from its host. */
interface SessionHandle {
  readonly sessionID: string;
  readonly session: ConsultationSession;
  readonly map: KnowledgeMap;
}

export class NaturalLanguageService {
  private readonly vocabularies = new WeakMap<KnowledgeMap, Vocabulary>();
  private readonly conversations = new Map<string, ConversationState>();
  private readonly clock: () => number;

  constructor(private readonly options: NaturalLanguageOptions = {}) {
    this.clock = options.clock ?? Date.now;
  }

  /** Whether a provider is configured or may be (the workbench shows a notice before its first use). */
  get usesProvider(): boolean {
    return this.options.provider !== undefined;
  }

  /** The provider for this call: fixed, looked up, or none (offline) when the lookup fails. */
  private async providerNow(): Promise<ProviderConfig | undefined> {
    const provider = this.options.provider;
    if (typeof provider !== 'function') return provider;
    try {
      return await provider();
    } catch (error) {
      this.options.listener?.({
        kind: 'failed',
        message: `the provider settings could not be read (${error instanceof Error ? error.message : String(error)})`,
      });
      return undefined;
    }
  }

  private understandWith(provider: ProviderConfig | undefined): Understand {
    if (!provider) return offlineUnderstand;
    return providerUnderstand(provider, {
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      ...(this.options.listener ? { listener: this.options.listener } : {}),
    });
  }

  /** The vocabulary of a map, built on first use. */
  vocabularyOf(map: KnowledgeMap): Vocabulary {
    let vocabulary = this.vocabularies.get(map);
    if (!vocabulary) {
      vocabulary = buildVocabulary(map);
      this.vocabularies.set(map, vocabulary);
    }
    return vocabulary;
  }

  /** `POST /nl/interact` for one session. */
  async interact(handle: SessionHandle, userPrompt: string): Promise<NLReply<NLInteractResponse>> {
    const started = performance.now();
    const submitted = this.clock();
    const outcome = await interact(userPrompt, {
      session: handle.session,
      vocabulary: this.vocabularyOf(handle.map),
      conversation: this.conversation(handle.sessionID),
      now: submitted,
      understand: this.understandWith(await this.providerNow()),
    });
    return {
      status: outcome.status,
      body: { ...outcome.body, metadata: this.metadata('interact', handle.sessionID, submitted, started, outcome.usage) },
    };
  }

  /** `POST /nl/explain` for one session. */
  async explain(
    handle: SessionHandle,
    request: { factID: string; language: string; instructions?: string },
  ): Promise<NLReply<NLExplainResponse>> {
    const started = performance.now();
    const submitted = this.clock();
    const provider = await this.providerNow();
    const outcome = await explainFact({
      factID: request.factID,
      language: request.language,
      ...(request.instructions !== undefined ? { instructions: request.instructions } : {}),
      lookup: (factID) => handle.session.evidence(factID),
      ...(provider ? { provider } : {}),
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
    });
    const metadata = this.metadata('explain', handle.sessionID, submitted, started, outcome.usage);
    const body: NLExplainResponse = {
      ...(outcome.explanation !== undefined ? { explanation: outcome.explanation } : {}),
      ...(outcome.error ? { error: wireError(outcome.error) } : {}),
      metadata,
    };
    return { status: outcome.error ? statusOfCode(outcome.error.code) : 200, body };
  }

  /** Forgets a session's conversation (when the session ends). */
  forget(sessionID: string): void {
    this.conversations.delete(sessionID);
  }

  private conversation(sessionID: string): ConversationState {
    let state = this.conversations.get(sessionID);
    if (state) this.conversations.delete(sessionID);
    else state = newConversation();
    this.conversations.set(sessionID, state);
    const limit = this.options.maxConversations ?? 10_000;
    while (this.conversations.size > limit) {
      const oldest = this.conversations.keys().next().value;
      if (oldest === undefined) break;
      this.conversations.delete(oldest);
    }
    return state;
  }

  private metadata(endpoint: 'interact' | 'explain', sessionID: string, submitted: number, started: number, usage: TokenUsage): NLMetadata {
    return {
      querySubmittedAt: new Date(submitted).toISOString(),
      languageEngineResponseTime: Math.max(0, Math.round(performance.now() - started)),
      llmTokens: { completionTokens: usage.completionTokens, promptTokens: usage.promptTokens, totalTokens: usage.totalTokens },
      apiVersion: 'v1',
      endpoint,
      sessionID,
    };
  }
}
