/**
 * The chat panel's model: `/nl/interact` replies turned into messages a person reads, and the quick
 * replies a question offers (its choices, yes/no, skip). Pure functions, tested without a DOM.
 */
import type { NLInteractResponse, Question } from '../../../../electron/common/decision-api';

/** One result a message can explain. */
export interface ChatResult {
  readonly factId: string;
  readonly text: string;
  readonly certainty: number;
}

export interface ChatMessage {
  readonly id: number;
  readonly from: 'user' | 'engine';
  readonly kind: 'text' | 'question' | 'results' | 'facts' | 'error';
  readonly text: string;
  readonly results?: readonly ChatResult[];
}

/** A button under the conversation that sends its text as the next message. */
export interface QuickReply {
  readonly label: string;
  readonly text: string;
}

/** Most choices shown as buttons; longer lists are answered by typing. */
const MAX_CHOICES = 8;

function canSkip(question: Question): boolean {
  return question.allowUnknown || question.knownAnswers.length > 0;
}

/** Quick replies for the first pending question: yes/no, its choices, and skip where allowed. */
export function quickReplies(
  questions: readonly { readonly [K in keyof Question]?: Question[K] | undefined }[] | null | undefined,
): QuickReply[] {
  const question = questions?.[0];
  if (!question) return [];
  const replies: QuickReply[] = [];
  if (question.type === 'First Form' || question.dataType === 'truth') {
    replies.push({ label: 'Yes', text: 'yes' }, { label: 'No', text: 'no' });
  } else {
    const choices = (question.concepts ?? []).filter((concept) => !concept.invalidResponse).slice(0, MAX_CHOICES);
    for (const concept of choices) replies.push({ label: concept.name, text: String(concept.value ?? concept.name) });
  }
  if (question.allowUnknown !== undefined && canSkip(question as Question)) replies.push({ label: 'Skip', text: "I don't know" });
  return replies;
}

function factLine(fact: { subject: string; relationship: string; object: unknown; certainty?: number | undefined }): string {
  const certainty = fact.certainty !== undefined && fact.certainty !== 100 ? ` (${fact.certainty}%)` : '';
  return `${fact.subject} ${fact.relationship} ${String(fact.object)}${certainty}`;
}

/** Messages for one reply, in reading order: what was noted, then the question, results or error. */
export function messagesFrom(reply: NLInteractResponse, nextId: () => number): ChatMessage[] {
  const messages: ChatMessage[] = [];
  const facts = reply.facts;
  const noted: string[] = [];
  if (facts?.injected && facts.injected.length > 0) noted.push(`Noted: ${facts.injected.map(factLine).join('; ')}.`);
  if (facts?.invalid && facts.invalid.length > 0)
    noted.push(`Not recorded: ${facts.invalid.map((fact) => `${factLine(fact)}${fact.reason ? ` (${fact.reason})` : ''}`).join('; ')}.`);
  if (facts?.unmatched && facts.unmatched.length > 0 && reply.responseType !== 'error')
    noted.push(`Not understood: “${facts.unmatched.join('”, “')}”.`);
  if (noted.length > 0) messages.push({ id: nextId(), from: 'engine', kind: 'facts', text: noted.join(' ') });
  // A question read by its concepts says what was assumed ("I took 'looks after' to mean …"), before the answer.
  if (reply.assumption && reply.responseType !== 'error')
    messages.push({ id: nextId(), from: 'engine', kind: 'text', text: reply.assumption });

  if (reply.responseType === 'error' || reply.responseType === '') {
    const error = reply.error;
    messages.push({
      id: nextId(),
      from: 'engine',
      kind: 'error',
      text: error?.suggestedChatResponse || error?.message || 'Something went wrong.',
    });
    return messages;
  }
  if (reply.responseType === 'question') {
    const prompts = (reply.questions ?? []).map((question) => question.prompt).filter((prompt): prompt is string => !!prompt);
    messages.push({ id: nextId(), from: 'engine', kind: 'question', text: prompts.join(' ') || 'The engine needs an answer.' });
    return messages;
  }
  const results: ChatResult[] = (reply.results ?? []).map((result) => ({
    factId: result.FactID ?? result.factID ?? '',
    text: `${result.Subject ?? result.subject ?? ''} ${result.Relationship ?? result.relationship ?? ''} ${result.Object ?? String(result.object ?? '')}`.trim(),
    certainty: result.Certainty ?? result.certainty ?? 0,
  }));
  if (reply.explanation && results.length > 0) {
    messages.push({
      id: nextId(),
      from: 'engine',
      kind: 'results',
      text: 'Here is why (its evidence graph is open beside the chat):',
      results,
    });
  } else if (reply.query || results.length > 0) {
    const text =
      results.length === 0
        ? 'The engine found no answer to that.'
        : results.length === 1
          ? 'Here is the answer:'
          : `Here are ${results.length} answers:`;
    messages.push({ id: nextId(), from: 'engine', kind: 'results', text, results });
  } else if (noted.length === 0) {
    messages.push({ id: nextId(), from: 'engine', kind: 'text', text: 'Done.' });
  }
  return messages;
}

/** The answer to a "why" question: the fact whose evidence graph opens, and its explanation. */
export function whyAnswer(reply: NLInteractResponse): { result: ChatResult; text: string } | undefined {
  const explanation = reply.explanation;
  if (!explanation) return undefined;
  const found = (reply.results ?? []).find((result) => (result.FactID ?? result.factID) === explanation.factID);
  const text = found
    ? `${found.Subject ?? found.subject ?? ''} ${found.Relationship ?? found.relationship ?? ''} ${found.Object ?? String(found.object ?? '')}`.trim()
    : explanation.factID;
  return { result: { factId: explanation.factID, text, certainty: found?.Certainty ?? found?.certainty ?? 0 }, text: explanation.text };
}

/** Questions the reader offers (the readings of an ambiguous prompt, or what to ask instead), as buttons. */
export function suggestedReplies(reply: NLInteractResponse): QuickReply[] {
  return (reply.quickReplies ?? []).map((text) => ({ label: text, text }));
}
