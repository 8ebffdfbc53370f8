/**
 * The live consultation: one Decision API session driven step by step (start → inject → query →
 * answer/undo … → results), following `shared/spec/api-wire.md` §5. The Node side records the
 * transcript; this store mirrors it after each step so the transcript panel shows what was stored.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type {
  ErrorInfo,
  FactInputData,
  MethodOutput,
  QueryInputData,
  AnswerInputData,
  Result,
  Target,
  Transcript,
  SavedConsultationSummary,
} from '../../../electron/common/ipc';
import type { WhyNoResult } from '../../../electron/common/why-no-result';
import type { ConsultationResponse, EvidenceRecord, Question, ResultEntry } from '../api/wire';
import { describePolicy, injectBatches, isQuestionResponse } from '../api/wire';
import { useHost } from '../api/host';
import { useTargetStore } from './target';
import { useNotificationsStore } from './notifications';

interface SessionState {
  readonly sessionId: string;
  readonly kmVersionId: string;
  readonly target: Target;
  readonly startedAt: string;
}

export interface InjectProgress {
  readonly done: number;
  readonly total: number;
}

export const useConsultationStore = defineStore('consultation', () => {
  const session = ref<SessionState | null>(null);
  const response = shallowRef<ConsultationResponse | null>(null);
  const transcript = shallowRef<Transcript | null>(null);
  const busy = ref<string | null>(null);
  const error = ref<ErrorInfo | null>(null);
  const notice = ref<string | null>(null);
  const injectProgress = ref<InjectProgress | null>(null);
  const injectedCount = ref(0);
  const savedAs = ref<SavedConsultationSummary | null>(null);
  /** Why the last query concluded nothing (Local), or why that cannot be said here (remote). */
  const whyNoResult = shallowRef<WhyNoResult | null>(null);
  const whyNoResultNote = ref<string | null>(null);

  const questions = computed<Question[]>(() => {
    const current = response.value;
    if (!current || !isQuestionResponse(current)) return [];
    return [current.question, ...(current.extraQuestions ?? [])];
  });
  const results = computed<ResultEntry[] | null>(() => {
    const current = response.value;
    return current && !isQuestionResponse(current) ? current.result : null;
  });
  const hasQuery = computed(() => transcript.value?.steps.some((step) => step.kind === 'query') ?? false);
  /** Answer batches that an undo would still roll back (the engine re-asks the same question past that). */
  const undoableAnswers = computed(() => {
    let count = 0;
    for (const step of transcript.value?.steps ?? []) {
      if (step.kind === 'query') count = 0;
      else if (step.kind === 'respond') count += 1;
      else if (step.kind === 'undo') count = Math.max(0, count - 1);
    }
    return count;
  });
  const targetText = computed(() => {
    const target = session.value?.target;
    if (!target) return '';
    // Local maps have names; remote ones are known by their id only.
    const name = useTargetStore().mapName(target.mapId);
    return `${target.environmentName} · ${name} · ${describePolicy(target.versionPolicy)}`;
  });

  /** Keeps a failure for the view and reports it to the notification area, naming the action. */
  function failed(action: string, cause: ErrorInfo): void {
    error.value = cause;
    useNotificationsStore().failed(action, cause);
  }

  /**
   * Runs one host call with the busy flag set; a reply for a session that is no longer current is
   * dropped. `action` names the step in messages ("Run the query failed. …").
   */
  async function step<T>(action: string, label: string, call: () => Promise<Result<T>>, sessionId: string | null): Promise<T | null> {
    busy.value = label;
    error.value = null;
    notice.value = null;
    try {
      const result = await call();
      if (sessionId !== null && session.value?.sessionId !== sessionId) return null; // stale: ignore (§5.5)
      if (!result.ok) {
        failed(action, result.error);
        return null;
      }
      useNotificationsStore().resolved(action);
      return result.value;
    } finally {
      busy.value = null;
    }
  }

  /**
   * Shows a reply; an empty result is explained ("Why no result?") without holding up the reply.
   * Callers refresh the transcript first: what Undo may do is read from it, and a reply shown before
   * it would offer an Undo that still says there is nothing to undo.
   */
  async function showReply(sessionId: string, reply: ConsultationResponse): Promise<void> {
    response.value = reply;
    whyNoResult.value = null;
    whyNoResultNote.value = null;
    if (isQuestionResponse(reply) || reply.result.length > 0) return;
    const explained = await useHost()['consultation.whyNoResult']({ sessionId });
    if (session.value?.sessionId !== sessionId || response.value !== reply) return;
    if (explained.ok) whyNoResult.value = explained.value;
    else whyNoResultNote.value = explained.error.message;
  }

  async function refreshTranscript(): Promise<void> {
    const current = session.value;
    if (!current) return;
    const result = await useHost()['consultation.transcript']({ sessionId: current.sessionId });
    if (result.ok && session.value?.sessionId === current.sessionId) transcript.value = result.value;
  }

  /** Forgets the current session (and asks the host to close it): nothing shown belongs to it any more. */
  function forgetSession(): void {
    const previous = session.value;
    if (previous) void useHost()['consultation.close']({ sessionId: previous.sessionId });
    session.value = null;
    response.value = null;
    transcript.value = null;
    injectedCount.value = 0;
    injectProgress.value = null;
    savedAs.value = null;
  }

  /**
   * Starts a new session on the picked target, closing the previous one. A failed start leaves no
   * session: the status line must not go on naming the previous one as if it were current.
   */
  async function start(): Promise<boolean> {
    const target = useTargetStore();
    if (!target.ready) {
      failed('Start a session', { code: 'consultation/no-target', message: 'Choose an environment and a map first.' });
      return false;
    }
    const previous = session.value;
    const started = await step(
      'Start a session',
      'Starting a session…',
      () =>
        useHost()['consultation.start']({
          environmentId: target.environmentId,
          mapId: target.mapId.trim(),
          versionPolicy: target.versionPolicy,
        }),
      null,
    );
    if (!started) {
      if (session.value === previous) forgetSession();
      return false;
    }
    if (previous) void useHost()['consultation.close']({ sessionId: previous.sessionId });
    session.value = started;
    response.value = null;
    whyNoResult.value = null;
    whyNoResultNote.value = null;
    transcript.value = null;
    injectedCount.value = 0;
    savedAs.value = null;
    await refreshTranscript();
    return true;
  }

  async function ensureSession(): Promise<SessionState | null> {
    if (!session.value && !(await start())) return null;
    return session.value;
  }

  /** Injects facts batch by batch (250 each), reporting progress between batches. */
  async function inject(facts: readonly FactInputData[]): Promise<boolean> {
    const current = await ensureSession();
    if (!current || facts.length === 0) return false;
    const parts = injectBatches(facts);
    injectProgress.value = { done: 0, total: facts.length };
    try {
      for (const part of parts) {
        const done: number = injectProgress.value.done;
        const outcome = await step(
          'Inject facts',
          `Injecting facts ${done + 1}–${done + part.length} of ${facts.length}…`,
          () => useHost()['consultation.inject']({ sessionId: current.sessionId, facts: part }),
          current.sessionId,
        );
        if (!outcome) return false;
        injectProgress.value = { done: done + part.length, total: facts.length };
        injectedCount.value += part.length;
      }
      notice.value = `Injected ${facts.length} fact${facts.length === 1 ? '' : 's'}.`;
      return true;
    } finally {
      await refreshTranscript();
    }
  }

  async function query(input: QueryInputData): Promise<boolean> {
    const current = await ensureSession();
    if (!current) return false;
    const reply = await step(
      'Run the query',
      'Running the query…',
      () => useHost()['consultation.query']({ sessionId: current.sessionId, query: input }),
      current.sessionId,
    );
    await refreshTranscript();
    if (reply) await showReply(current.sessionId, reply);
    return reply !== null;
  }

  async function respond(answers: AnswerInputData[]): Promise<boolean> {
    const current = session.value;
    if (!current) return false;
    const reply = await step(
      'Answer the question',
      'Sending the answers…',
      () => useHost()['consultation.respond']({ sessionId: current.sessionId, answers }),
      current.sessionId,
    );
    await refreshTranscript();
    if (reply) await showReply(current.sessionId, reply);
    return reply !== null;
  }

  /**
   * Rolls back the last answers. With none to roll back it changes nothing: no call, so no
   * transcript entry that a save or a replay would carry.
   */
  async function undo(): Promise<boolean> {
    const current = session.value;
    if (!current) return false;
    if (undoableAnswers.value === 0) {
      error.value = null;
      notice.value = 'Nothing to undo: no answers have been given since the query.';
      return false;
    }
    const reply = await step(
      'Undo',
      'Undoing the last answers…',
      () => useHost()['consultation.undo']({ sessionId: current.sessionId }),
      current.sessionId,
    );
    await refreshTranscript();
    if (reply) await showReply(current.sessionId, reply);
    return reply !== null;
  }

  /** One level of evidence for the graph (the graph never asks for `WA:XX` ids). */
  async function evidence(factId: string): Promise<Result<EvidenceRecord>> {
    const current = session.value;
    if (!current) return { ok: false, error: { code: 'consultation/no-session', message: 'No session is open.' } };
    const result = await useHost()['consultation.evidence']({ sessionId: current.sessionId, factId });
    if (!result.ok) useNotificationsStore().failed('Show the evidence', result.error);
    return result;
  }

  /** The engine's interaction log of the current session. */
  async function interactions(): Promise<Result<MethodOutput<'consultation.interactions'>>> {
    const current = session.value;
    if (!current) return { ok: false, error: { code: 'consultation/no-session', message: 'No session is open.' } };
    const result = await useHost()['consultation.interactions']({ sessionId: current.sessionId });
    if (!result.ok) useNotificationsStore().failed('Fetch the interaction log', result.error);
    return result;
  }

  /** The session's interaction log as a file the Logs tab imports (null when it failed: reported). */
  async function exportLog(): Promise<MethodOutput<'consultation.exportLog'> | null> {
    const current = session.value;
    if (!current) return null;
    const result = await useHost()['consultation.exportLog']({ sessionId: current.sessionId });
    if (!result.ok) {
      useNotificationsStore().failed('Export the log', result.error);
      return null;
    }
    return result.value;
  }

  async function save(title?: string, notes?: string): Promise<SavedConsultationSummary | null> {
    const current = session.value;
    if (!current) return null;
    const saved = await step(
      'Save the consultation',
      'Saving the consultation…',
      () =>
        useHost()['consultations.save']({
          sessionId: current.sessionId,
          ...(savedAs.value ? { id: savedAs.value.id } : {}),
          ...(title ? { title } : {}),
          ...(notes ? { notes } : {}),
        }),
      current.sessionId,
    );
    if (saved) {
      savedAs.value = saved;
      notice.value = `Saved as “${saved.title}”.`;
    }
    return saved;
  }

  /**
   * Mirrors a chat turn on the current session: the response it left (when it changed one) and the
   * transcript with the turn's steps, so the Runner and the chat show the same session.
   */
  function applyChatTurn(sessionId: string, state: { response: ConsultationResponse | null; transcript: Transcript } | undefined): void {
    if (!state || session.value?.sessionId !== sessionId) return;
    if (state.response) void showReply(sessionId, state.response);
    transcript.value = state.transcript;
  }

  function clearMessages(): void {
    error.value = null;
    notice.value = null;
  }

  return {
    session,
    response,
    transcript,
    busy,
    error,
    notice,
    injectProgress,
    injectedCount,
    savedAs,
    whyNoResult,
    whyNoResultNote,
    questions,
    results,
    hasQuery,
    undoableAnswers,
    targetText,
    start,
    inject,
    query,
    respond,
    undo,
    evidence,
    interactions,
    exportLog,
    save,
    refreshTranscript,
    applyChatTurn,
    clearMessages,
  };
});
