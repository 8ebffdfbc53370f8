/**
 * The questions pending in a session, read from its interaction log (so the lock survives a server
 * restart, since the log is rebuilt from the journal), with the full records of the last reply
 * when they are still the pending ones.
 */
import type { ConceptEntry, InteractionEntry, QueryInput, Question } from '../../common/decision-api';
import type { KnowledgeMap } from '../../engine';

/** A question as the interaction log records it. */
interface QuestionSummary {
  readonly subject?: string;
  readonly relationship: string;
  readonly object?: string | number | boolean | null;
  readonly prompt?: string;
}

/** The lock state of a session: the query in progress and its pending questions. */
interface LockState {
  readonly pending: readonly Question[];
  /** The last query run in the session (the one in progress when `pending` is non-empty). */
  readonly query?: QueryInput;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function summaryOf(value: unknown): QuestionSummary | undefined {
  if (!isRecord(value) || typeof value.relationship !== 'string') return undefined;
  const object = value.object;
  return {
    relationship: value.relationship,
    ...(typeof value.subject === 'string' ? { subject: value.subject } : {}),
    ...(typeof object === 'string' || typeof object === 'number' || typeof object === 'boolean' ? { object } : {}),
    ...(typeof value.prompt === 'string' ? { prompt: value.prompt } : {}),
  };
}

function queryOf(entry: InteractionEntry | undefined): QueryInput | undefined {
  const query = entry?.values.query;
  if (!isRecord(query) || typeof query.relationship !== 'string') return undefined;
  const object = query.object;
  return {
    relationship: query.relationship,
    ...(typeof query.subject === 'string' ? { subject: query.subject } : {}),
    ...(typeof object === 'string' || typeof object === 'number' || typeof object === 'boolean' ? { object } : {}),
  };
}

/** A question record rebuilt from a summary and the map (no known answers: the engine has those). */
export function questionFromSummary(map: KnowledgeMap, summary: QuestionSummary): Question | undefined {
  const relationship = map.relationships.get(summary.relationship);
  if (!relationship) return undefined;
  const hasSubject = summary.subject !== undefined && summary.subject !== '';
  const hasObject = summary.object !== undefined && summary.object !== null && summary.object !== '';
  const type: Question['type'] = hasSubject && hasObject ? 'First Form' : hasSubject ? 'Second Form Object' : 'Second Form Subject';
  const objectType = map.concepts.get(relationship.object)?.type ?? 'string';
  const asked = type === 'Second Form Object' ? relationship.object : type === 'Second Form Subject' ? relationship.subject : undefined;
  const conceptType = asked ? (map.concepts.get(asked)?.type ?? 'string') : 'string';
  const concepts: ConceptEntry[] = asked
    ? [...(map.instances.get(asked)?.values() ?? [])].map((instance) => ({
        conceptType: asked,
        name: instance.name,
        type: conceptType,
        value: instance.name,
      }))
    : [];
  return {
    relationship: relationship.name,
    dataType: type === 'Second Form Subject' ? 'string' : objectType,
    type,
    plural: relationship.plural,
    allowCF: relationship.allowCF,
    allowUnknown: relationship.allowUnknown,
    canAdd:
      type === 'Second Form Object' ? relationship.canAdd.object : type === 'Second Form Subject' ? relationship.canAdd.subject : false,
    prompt: summary.prompt ?? relationship.name,
    knownAnswers: [],
    concepts,
    objectType,
    ...(hasSubject ? { subject: summary.subject } : {}),
    ...(hasObject ? { object: summary.object } : {}),
  };
}

function sameQuestion(question: Question, summary: QuestionSummary): boolean {
  return (
    question.relationship === summary.relationship &&
    (question.subject ?? undefined) === summary.subject &&
    (question.object ?? undefined) === (summary.object ?? undefined)
  );
}

/**
 * The lock state from the interaction log: locked when the last question or result event is a
 * question. `known` are the full records of the last question reply, used when they match.
 */
export function lockStateOf(map: KnowledgeMap, log: readonly InteractionEntry[], known: readonly Question[] | undefined): LockState {
  let last: InteractionEntry | undefined;
  let lastQuery: InteractionEntry | undefined;
  for (let index = log.length - 1; index >= 0; index--) {
    const entry = log[index];
    if (!last && (entry.event === 'question' || entry.event === 'result')) last = entry;
    if (entry.event === 'query') {
      lastQuery = entry;
      break;
    }
  }
  const query = queryOf(lastQuery);
  if (!last || last.event !== 'question' || !Array.isArray(last.values.questions)) return query ? { pending: [], query } : { pending: [] };
  const summaries = last.values.questions.map(summaryOf).filter((summary): summary is QuestionSummary => summary !== undefined);
  const pending =
    known && known.length === summaries.length && known.every((question, index) => sameQuestion(question, summaries[index]))
      ? known
      : summaries.map((summary) => questionFromSummary(map, summary)).filter((question): question is Question => question !== undefined);
  return { pending, ...(query ? { query } : {}) };
}
