/**
 * The chat panel's service: natural-language turns on a session the workbench started, sent to
 * the session's environment with its key. It also says whether a language-model provider will see
 * the map and the user's text, so the panel can tell the user before the first message:
 * the platform always uses one; the embedded engine only when `LAPWING_NL_PROVIDER_*` is set.
 */
import type { NLExplainResponse, NLInteractResponse } from '../../common/decision-api';
import type { Environment, MethodOutput, Result } from '../../common/ipc';
import { providerConfigFromEnv } from '../../nl/provider/config';
import type { NaturalLanguageApi } from '../engine/naturalLanguageApi';
import { WorkbenchError } from '../errors';
import type { EndpointResolver } from './endpoints';

/** How the chat finds the environment of a session (the consultation service knows). */
export interface SessionEnvironments {
  environmentOf(sessionId: string): Environment;
}

function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new WorkbenchError(result.error.code, result.error.message, result.error.details);
}

export class ChatService {
  constructor(
    private readonly sessions: SessionEnvironments,
    private readonly endpoints: EndpointResolver,
    private readonly api: NaturalLanguageApi,
    /** The environment the embedded engine reads its provider settings from. */
    private readonly env: Readonly<Record<string, string | undefined>> = process.env,
  ) {}

  status(sessionId: string): MethodOutput<'chat.status'> {
    const environment = this.sessions.environmentOf(sessionId);
    if (environment.kind !== 'local') {
      return {
        usesProvider: true,
        notice: `Messages typed here are read by ${environment.name}'s natural-language service, which sends this map's content (its relationships, questions and instance names) and your text to an external language-model provider. Avoid personal or sensitive data.`,
      };
    }
    const provider = providerConfigFromEnv(this.env);
    if (!provider) return { usesProvider: false };
    let host = provider.url;
    try {
      host = new URL(provider.url).host;
    } catch {
      // A URL the provider client cannot use either; show it as configured.
    }
    return {
      usesProvider: true,
      notice: `A language-model provider is configured (${provider.model} at ${host}). When the offline reader cannot understand a message, the provider receives this map's content (its relationships, questions and instance names) and your text.`,
    };
  }

  async interact(sessionId: string, prompt: string): Promise<NLInteractResponse> {
    const endpoint = await this.endpoints.for(this.sessions.environmentOf(sessionId));
    return unwrap(await this.api.interact(endpoint, sessionId, prompt));
  }

  async explain(sessionId: string, request: { factId: string; language: string; instructions?: string }): Promise<NLExplainResponse> {
    const endpoint = await this.endpoints.for(this.sessions.environmentOf(sessionId));
    return unwrap(await this.api.explain(endpoint, sessionId, request));
  }
}
