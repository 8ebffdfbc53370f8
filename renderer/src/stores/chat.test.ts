import { describe, expect, it } from 'vitest';
import { transcript } from '../test-support/fixtures';
import { failed, installFakeHost, ok } from '../test-support/fake-host';
import { useChatStore } from './chat';

const question = {
  responseType: 'question',
  questions: [
    {
      prompt: 'Where does Ada live?',
      subject: 'Ada',
      relationship: 'lives in',
      type: 'First Form',
      plural: false,
      allowCF: true,
      allowUnknown: false,
      canAdd: true,
      concepts: [],
      knownAnswers: [],
      dataType: 'string',
    },
  ],
};

describe('chat store', () => {
  it('keeps the conversation of a session across visits, and starts afresh on another session', async () => {
    installFakeHost({
      'chat.status': () => ok({ usesProvider: false }),
      'chat.interact': () => ok({ ...question, consultation: { response: null, transcript: transcript([]) } } as never),
    });
    const chat = useChatStore();
    await chat.attach('S1');
    expect(await chat.send('  what language does Ada speak? ')).toBe('Where does Ada live?');
    expect(chat.messages.map((message) => [message.from, message.text])).toEqual([
      ['user', 'what language does Ada speak?'],
      ['engine', 'Where does Ada live?'],
    ]);
    await chat.attach('S1'); // the panel shown again (another tab and back)
    expect(chat.messages).toHaveLength(2);
    await chat.attach('S2');
    expect(chat.messages).toEqual([]);
  });

  it('shows the provider notice, and says why a message was not sent', async () => {
    installFakeHost({
      'chat.status': () => ok({ usesProvider: true, notice: 'A provider reads this.' }),
      'chat.interact': () => failed('engine/unreachable', 'engine down'),
    });
    const chat = useChatStore();
    expect(await chat.send('hello')).toBeNull(); // no session yet
    await chat.attach('S1');
    expect(chat.notice).toBe('A provider reads this.');
    expect(await chat.send('hello')).toBe('Message not sent: engine down');
    expect(chat.failure).toBe('engine down');
    expect(chat.busy).toBe(false);
  });

  it('explains a result in the chosen style', async () => {
    const host = installFakeHost({
      'chat.status': () => ok({ usesProvider: false }),
      'chat.explain': () => ok({ explanation: 'Because she lives in England.' } as never),
    });
    const chat = useChatStore();
    await chat.attach('S1');
    expect(await chat.explain({ factId: 'WA:RF:1', text: 'Ada speaks English', certainty: 90 }, 'concise')).toBe(true);
    expect(chat.explanation).toBe('Because she lives in England.');
    expect(host.inputs('chat.explain')).toEqual([{ sessionId: 'S1', factId: 'WA:RF:1', instructions: 'concise' }]);
  });
});
