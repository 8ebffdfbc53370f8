/**
 * The chat panel's service: natural-language turns on a session the workbench started, sent to
 * the session's environment with its key. It also says whether a language-model provider will see
 * the map and the user's text, so the panel can tell the user before the first message:
 * the platform always uses one; the embedded engine when a provider is set in the workbench (or by
 * `LAPWING_NL_PROVIDER_*`).
 *
 * Each turn is also recorded in the session's transcript (facts injected, the query, answers), and
 * the reply carries the consultation state it left, so the Runner shows the same session.
 */
import type { NLExplainResponse, SessionInfo } from '../../common/decision-api';
import type { Environment, MethodOutput, ParsedInput, Result, Transcript, TranscriptStep } from '../../common/ipc';
import { providerConfigFromEnv } from '../../nl';
import { answersFrom, chatTurn, lastResponse, pendingQuestions } from './chat-turns';
import type { NaturalLanguageApi } from '../ports/natural-language-api';
import { WorkbenchError } from '../errors';
import type { EndpointResolver } from './endpoints';

/** How the chat finds the environment of a session (the consultation service knows). */
interface SessionEnvironments {
  environmentOf(sessionId: string): Environment;
  /** With these three, chat turns are recorded in the session's transcript (the Runner's view). */
  transcript?(sessionId: string): Transcript;
  recordSteps?(sessionId: string, steps: readonly TranscriptStep[]): Transcript;
  sessionInfo?(input: ParsedInput<'consultation.sessionInfo'>): Promise<SessionInfo>;
}

/**
 * The embedded engine's provider as the notice names it (URL and model; never the key), and why it
 * cannot be used right now (the keychain holding its key is unavailable).
 */
type ProviderSummary = () => Promise<{ url: string; model: string; unavailable?: string } | undefined>;

type ChatInteractOutput = MethodOutput<'chat.interact'>;

function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new WorkbenchError(result.error.code, result.error.message, result.error.details);
}

export class ChatService {
  constructor(
    private readonly sessions: SessionEnvironments,
    private readonly endpoints: EndpointResolver,
    private readonly api: NaturalLanguageApi,
    /** The embedded engine's provider: the workbench's settings, or an environment to read `LAPWING_NL_PROVIDER_*` from. */
    private readonly provider: ProviderSummary | Readonly<Record<string, string | undefined>> = process.env,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {}

  async status(sessionId: string): Promise<MethodOutput<'chat.status'>> {
    const environment = this.sessions.environmentOf(sessionId);
    if (environment.kind !== 'local') {
      return {
        usesProvider: true,
        notice: `Messages typed here are read by ${environment.name}'s natural-language service, which sends this map's content (its relationships, questions and instance names) and your text to an external language-model provider. Avoid personal or sensitive data.`,
      };
    }
    const provider = typeof this.provider === 'function' ? await this.provider() : providerConfigFromEnv(this.provider);
    if (!provider) return { usesProvider: false };
    let host = provider.url;
    try {
      host = new URL(provider.url).host;
    } catch {
      // A URL the provider client cannot use either; show it as configured.
    }
    return {
      usesProvider: true,
      notice:
        `A language-model provider is configured (${provider.model} at ${host}). When the offline reader cannot understand a message, the provider receives this map's content (its relationships, questions and instance names) and your text.` +
        ('unavailable' in provider && provider.unavailable
          ? ` Right now it cannot be used: ${provider.unavailable} Until then the offline reader answers alone.`
          : ''),
    };
  }

  async interact(sessionId: string, prompt: string): Promise<ChatInteractOutput> {
    const endpoint = await this.endpoints.for(this.sessions.environmentOf(sessionId));
    const before = this.sessions.transcript ? lastResponse(this.sessions.transcript(sessionId).steps) : null;
    const reply = unwrap(await this.api.interact(endpoint, sessionId, prompt));
    const { transcript, recordSteps } = this.sessions;
    if (!transcript || !recordSteps) return reply;
    const turn = chatTurn(reply, before, sessionId, this.now());
    if (turn.answered) {
      const respond = turn.steps[turn.steps.length - 1];
      if (respond.kind === 'respond') respond.answers.push(...answersFrom(pendingQuestions(before), await this.answeredFacts(sessionId)));
    }
    const recorded =
      turn.steps.length > 0 ? recordSteps.call(this.sessions, sessionId, turn.steps) : transcript.call(this.sessions, sessionId);
    return { ...reply, consultation: { response: turn.response, transcript: recorded } };
  }

  /** The session's facts, to read back the answers a turn gave; undefined when the engine cannot list them. */
  private async answeredFacts(sessionId: string) {
    try {
      return (await this.sessions.sessionInfo?.({ sessionId, filter: 'facts' }))?.facts;
    } catch {
      // A remote engine without session facts: the answers are recorded by question only.
      return undefined;
    }
  }

  async explain(sessionId: string, request: { factId: string; language: string; instructions?: string }): Promise<NLExplainResponse> {
    const endpoint = await this.endpoints.for(this.sessions.environmentOf(sessionId));
    return unwrap(await this.api.explain(endpoint, sessionId, request));
  }
}
