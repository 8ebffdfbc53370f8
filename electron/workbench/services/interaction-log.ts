/**
 * A session's interaction log as a file the Logs tab imports again: the engine's own log when it
 * recorded one, else the same entries built from the transcript Lapwing recorded (the engine
 * records interactions only where a map version asks for it). Undo is not an event of the log:
 * the question it brings back is, as in the engine's own log.
 */
import type { ConsultationResponse, InteractionEntry } from '../../common/decision-api';
import { sessionIdTail, type MethodOutput, type Transcript } from '../../common/ipc';

function responseEntries(response: ConsultationResponse, at: string): InteractionEntry[] {
  if ('question' in response) {
    const questions = [response.question, ...(response.extraQuestions ?? [])].map((question) => ({
      subject: question.subject,
      relationship: question.relationship,
      object: question.object,
      prompt: question.prompt,
    }));
    return [{ event: 'question', created: at, values: { questions } }];
  }
  const results = response.result.map(({ subject, relationship, object, certainty, factID }) => ({
    subject,
    relationship,
    object,
    certainty,
    factID,
  }));
  return [{ event: 'result', created: at, values: { results } }];
}

/** The entries the engine would have logged for this transcript, in its shapes. */
function interactionsFromTranscript(transcript: Transcript): InteractionEntry[] {
  const entries: InteractionEntry[] = [
    {
      event: 'start',
      created: transcript.startedAt,
      values: {
        start: {
          useDraft: transcript.target.versionPolicy.kind === 'draft',
          kmVersionID: transcript.kmVersionId,
          sessionID: transcript.sessionId,
        },
      },
    },
  ];
  for (const step of transcript.steps) {
    if (step.kind === 'inject') entries.push({ event: 'inject', created: step.at, values: { facts: step.facts } });
    else if (step.kind === 'query') {
      entries.push({ event: 'query', created: step.at, values: { query: step.query } }, ...responseEntries(step.response, step.at));
    } else if (step.kind === 'respond') {
      entries.push({ event: 'answer', created: step.at, values: { answers: step.answers } }, ...responseEntries(step.response, step.at));
    } else if (step.kind === 'undo') entries.push(...responseEntries(step.response, step.at));
  }
  return entries;
}

/** `interactions-<session tail>-<start time>.json`: unique per session, sortable by time. */
function interactionLogFileName(transcript: Transcript): string {
  const stamp = transcript.startedAt
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  return `interactions-${sessionIdTail(transcript.sessionId)}-${stamp}.json`;
}

/** The file of a session's log: the engine's entries when there are any, else the transcript's. */
export function logExportOf(
  transcript: Transcript,
  fromEngine: readonly InteractionEntry[] | null,
): MethodOutput<'consultation.exportLog'> {
  const useEngine = fromEngine !== null && fromEngine.length > 0;
  const entries = useEngine ? fromEngine : interactionsFromTranscript(transcript);
  return {
    fileName: interactionLogFileName(transcript),
    text: `${JSON.stringify(entries, null, 2)}\n`,
    entryCount: entries.length,
    source: useEngine ? 'engine' : 'transcript',
  };
}
