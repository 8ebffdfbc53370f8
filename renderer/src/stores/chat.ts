/**
 * The chat on the live session: its messages, quick replies and the explanation being read. Kept
 * here rather than in the panel so the conversation survives switching tabs; it starts over when
 * the session changes.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import { useHost } from '../api/host';
import {
  messagesFrom,
  quickReplies,
  suggestedReplies,
  whyAnswer,
  type ChatMessage,
  type ChatResult,
  type QuickReply,
} from '../components/chat/chat-model';
import { useConsultationStore } from './consultation';
import { useNotificationsStore } from './notifications';

const DEFAULT_NOTICE = 'A language-model provider receives this map’s content and your text.';

export const useChatStore = defineStore('chat', () => {
  const sessionId = ref<string | null>(null);
  const messages = ref<ChatMessage[]>([]);
  const replies = shallowRef<QuickReply[]>([]);
  const busy = ref(false);
  const failure = ref<string | null>(null);
  /** What the user must acknowledge before the first message, when a provider will read it. */
  const notice = ref<string | null>(null);
  const explaining = shallowRef<ChatResult | null>(null);
  const explanation = ref<string | null>(null);
  const explanationNote = ref<string | null>(null);
  let counter = 0;
  const nextId = () => counter++;

  /** Shows the chat of `id`: the same session keeps its history, another one starts afresh. */
  async function attach(id: string): Promise<void> {
    if (sessionId.value !== id) {
      sessionId.value = id;
      messages.value = [];
      replies.value = [];
      failure.value = null;
      explaining.value = null;
      explanation.value = null;
      explanationNote.value = null;
    }
    const status = await useHost()['chat.status']({ sessionId: id });
    if (sessionId.value !== id) return;
    notice.value = status.ok && status.value.usesProvider ? (status.value.notice ?? DEFAULT_NOTICE) : null;
    if (!status.ok) failure.value = status.error.message;
  }

  /** Sends a message; returns what to announce (the reply in words, or why it was not sent), or null when nothing was sent. */
  async function send(text: string): Promise<string | null> {
    const id = sessionId.value;
    const prompt = text.trim();
    if (id === null || prompt === '' || busy.value) return null;
    messages.value.push({ id: nextId(), from: 'user', kind: 'text', text: prompt });
    failure.value = null;
    busy.value = true;
    const reply = await useHost()['chat.interact']({ sessionId: id, prompt });
    busy.value = false;
    if (!reply.ok) {
      failure.value = reply.error.message;
      useNotificationsStore().failed('Send the chat message', reply.error);
      return `Message not sent: ${reply.error.message}`;
    }
    // The Runner's question, results and transcript follow the session the chat just moved.
    useConsultationStore().applyChatTurn(id, reply.value.consultation);
    const added = messagesFrom(reply.value, nextId);
    messages.value.push(...added);
    replies.value = [
      ...(reply.value.responseType === 'result' ? [] : quickReplies(reply.value.questions)),
      ...suggestedReplies(reply.value),
    ];
    // A "why" question: its explanation opens beside the chat, with the fact's evidence graph.
    const why = whyAnswer(reply.value);
    if (why) {
      explaining.value = why.result;
      explanation.value = why.text;
      explanationNote.value = null;
    }
    return added
      .map((message) => [message.text, ...(message.results ?? []).map((result) => `${result.text}, ${result.certainty}%`)].join(' '))
      .join(' ');
  }

  /** Explains a result in prose (`instructions`: the style); true when an explanation arrived. */
  async function explain(result: ChatResult, instructions: string): Promise<boolean> {
    const id = sessionId.value;
    if (id === null) return false;
    explaining.value = result;
    explanation.value = null;
    explanationNote.value = null;
    const reply = await useHost()['chat.explain']({ sessionId: id, factId: result.factId, ...(instructions ? { instructions } : {}) });
    if (!reply.ok) {
      explanationNote.value = reply.error.message;
      useNotificationsStore().failed('Explain the result', reply.error);
      return false;
    }
    explanation.value = reply.value.explanation ?? null;
    if (reply.value.error) explanationNote.value = reply.value.error.suggestedChatResponse || reply.value.error.message;
    return true;
  }

  return { sessionId, messages, replies, busy, failure, notice, explaining, explanation, explanationNote, attach, send, explain };
});
