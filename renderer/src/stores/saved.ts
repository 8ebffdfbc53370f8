/**
 * Saved consultations: search and list them, reopen one, and replay its script step by step against
 * the same or another target, comparing each reply with the recorded one.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type {
  ErrorInfo,
  SavedConsultation,
  SavedConsultationSummary,
  TranscriptStep,
  VersionPolicy,
} from '../../../electron/common/ipc';
import type { ConsultationResponse } from '../api/wire';
import { isQuestionResponse } from '../api/wire';
import { useHost } from '../api/host';

export interface SearchCriteria {
  mapId: string;
  relationship: string;
  subject: string;
  text: string;
}

export type StepOutcome = 'same' | 'different' | 'failed';

export interface ReplayedStep {
  readonly index: number;
  readonly outcome: StepOutcome;
  readonly message: string;
  readonly response?: ConsultationResponse;
}

/** A short, comparable summary of a reply: the questions asked or the results with certainties. */
export function replySignature(response: ConsultationResponse | undefined): string {
  if (!response) return '';
  if (isQuestionResponse(response)) {
    return [response.question, ...(response.extraQuestions ?? [])]
      .map((question) => `? ${question.type} ${question.subject ?? ''} ${question.relationship} ${question.object ?? ''}`)
      .join(' | ');
  }
  return response.result
    .map((result) => `= ${result.subject} ${result.relationship} ${String(result.object)} ${result.certainty}`)
    .sort()
    .join(' | ');
}

export function stepReply(step: TranscriptStep): ConsultationResponse | undefined {
  return step.kind === 'inject' ? undefined : step.response;
}

export const useSavedStore = defineStore('saved', () => {
  const items = ref<SavedConsultationSummary[]>([]);
  const total = ref(0);
  const criteria = ref<SearchCriteria>({ mapId: '', relationship: '', subject: '', text: '' });
  const error = ref<ErrorInfo | null>(null);
  const busy = ref(false);
  const opened = shallowRef<SavedConsultation | null>(null);

  const replaySession = ref<string | null>(null);
  const replayed = ref<ReplayedStep[]>([]);
  const replayError = ref<ErrorInfo | null>(null);
  const replayBusy = ref(false);

  const nextStepIndex = computed(() => replayed.value.length);
  const replayDone = computed(() => opened.value !== null && nextStepIndex.value >= opened.value.transcript.steps.length);

  async function search(): Promise<void> {
    busy.value = true;
    const filters = Object.fromEntries(
      Object.entries(criteria.value)
        .map(([key, value]) => [key, value.trim()] as const)
        .filter(([, value]) => value !== ''),
    );
    const host = useHost();
    const result =
      Object.keys(filters).length === 0 ? await host['consultations.list']({}) : await host['consultations.search'](filters);
    busy.value = false;
    if (result.ok) {
      items.value = result.value.items;
      total.value = result.value.total;
      error.value = null;
    } else {
      error.value = result.error;
    }
  }

  async function open(id: string): Promise<boolean> {
    const result = await useHost()['consultations.get']({ id });
    if (!result.ok) {
      error.value = result.error;
      return false;
    }
    opened.value = result.value;
    resetReplay();
    return true;
  }

  function close(): void {
    opened.value = null;
    resetReplay();
  }

  async function remove(id: string): Promise<void> {
    const result = await useHost()['consultations.delete']({ id });
    if (!result.ok) error.value = result.error;
    if (opened.value?.id === id) close();
    await search();
  }

  function resetReplay(): void {
    if (replaySession.value) void useHost()['consultation.close']({ sessionId: replaySession.value });
    replaySession.value = null;
    replayed.value = [];
    replayError.value = null;
  }

  /** Starts a fresh session for a replay of the opened consultation on the given target. */
  async function startReplay(environmentId: string, mapId: string, versionPolicy: VersionPolicy): Promise<boolean> {
    resetReplay();
    replayBusy.value = true;
    const started = await useHost()['consultation.start']({ environmentId, mapId, versionPolicy });
    replayBusy.value = false;
    if (!started.ok) {
      replayError.value = started.error;
      return false;
    }
    replaySession.value = started.value.sessionId;
    return true;
  }

  /** Replays the next recorded step and compares the reply with the recorded one. */
  async function replayNext(): Promise<ReplayedStep | null> {
    const saved = opened.value;
    const sessionId = replaySession.value;
    if (!saved || !sessionId || replayDone.value) return null;
    const index = nextStepIndex.value;
    const step = saved.transcript.steps[index];
    const host = useHost();
    replayBusy.value = true;
    let reply;
    try {
      if (step.kind === 'inject') reply = await host['consultation.inject']({ sessionId, facts: step.facts });
      else if (step.kind === 'query') reply = await host['consultation.query']({ sessionId, query: step.query });
      else if (step.kind === 'respond') reply = await host['consultation.respond']({ sessionId, answers: step.answers });
      else reply = await host['consultation.undo']({ sessionId });
    } finally {
      replayBusy.value = false;
    }
    let outcome: ReplayedStep;
    if (!reply.ok) {
      outcome = { index, outcome: 'failed', message: reply.error.message };
      replayError.value = reply.error;
    } else if (step.kind === 'inject') {
      outcome = { index, outcome: 'same', message: `Injected ${step.facts.length} facts.` };
    } else {
      const response = reply.value as ConsultationResponse;
      const recorded = replySignature(step.response);
      const now = replySignature(response);
      outcome =
        recorded === now
          ? { index, outcome: 'same', message: 'Same reply as recorded.', response }
          : { index, outcome: 'different', message: `Recorded: ${recorded || '—'}; now: ${now || '—'}`, response };
    }
    replayed.value = [...replayed.value, outcome];
    return outcome;
  }

  return {
    items,
    total,
    criteria,
    error,
    busy,
    opened,
    replaySession,
    replayed,
    replayError,
    replayBusy,
    nextStepIndex,
    replayDone,
    search,
    open,
    close,
    remove,
    startReplay,
    replayNext,
    resetReplay,
  };
});
