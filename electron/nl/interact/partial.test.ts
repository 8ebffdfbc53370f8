/**
 * A prompt understood only in part: nothing is recorded or asked, the reply says what was and was
 * not understood, and its first quick reply, sent back, records exactly the understood part.
 */
import { describe, expect, it } from 'vitest';
import { createSession } from '../../engine';
import { offlineUnderstand } from '../provider/understand';
import { corpusMap } from '../test-support/corpus';
import { buildVocabulary } from '../vocabulary/build';
import { interact, newConversation, type InteractContext } from './interact';

const map = corpusMap('stables');
const vocabulary = buildVocabulary(map);
const NOW = Date.UTC(2026, 4, 13, 10);

function setting(id: string): InteractContext {
  const session = createSession(map, { id, kmVersionId: 'v', clock: () => NOW });
  return { session, vocabulary, conversation: newConversation(), now: NOW, understand: offlineUnderstand };
}

describe('a prompt understood only in part', () => {
  it('records nothing, quotes what was not read, and offers the understood part as a quick reply that records it', async () => {
    const context = setting('partial-1');
    await interact('Comet weighs 510 kg', context);
    const before = context.session.facts().local;

    const reply = await interact('Comet weighs 520 kg and has a cough', context);
    expect(reply.status).toBe(400);
    expect(reply.body.responseType).toBe('error');
    expect(reply.body.error?.code).toBe(109);
    expect(reply.body.error?.suggestedChatResponse).toContain("not 'has a cough'");
    expect(reply.body.facts?.injected).toEqual([]);
    // What was stored before is untouched: no half of the prompt went in.
    expect(context.session.facts().local).toEqual(before);

    const [understoodOnly] = reply.body.quickReplies ?? [];
    expect(understoodOnly).toBe('Comet weighs 520.');
    const confirmed = await interact(understoodOnly, context);
    expect(confirmed.body.responseType).toBe('result');
    expect(confirmed.body.facts?.injected).toEqual([{ subject: 'Comet', relationship: 'weighs', object: 520, certainty: 100 }]);
  });

  it('records nothing when the map refuses one of the statements, and says why', async () => {
    const context = setting('partial-refused');
    await interact('Comet weighs 510 kg', context);
    const before = context.session.facts().local;

    const reply = await interact('Comet weighs 520 kg and belongs to 12', context);
    expect(reply.body.error?.code).toBe(109);
    expect(reply.body.error?.suggestedChatResponse).toContain("'12' is not an owner this map knows");
    expect(reply.body.facts?.injected).toEqual([]);
    expect(reply.body.facts?.invalid?.map((fact) => fact.object)).toEqual(['12']);
    expect(context.session.facts().local).toEqual(before);
    expect(reply.body.quickReplies?.[0]).toBe('Comet weighs 520.');
    expect(reply.body.quickReplies).toContain('Who does Comet belong to?');
  });

  it('asks one question at a time when a prompt asks two, with a quick reply for each', async () => {
    const reply = await interact('Who teaches Amara? And who owns Comet?', setting('partial-2'));
    expect(reply.body.error?.code).toBe(109);
    expect(reply.body.query ?? null).toBeNull();
    expect(reply.body.quickReplies).toEqual(expect.arrayContaining(['What is Amara taught by?', 'Who does Comet belong to?']));
  });

  it('keeps the certainty said when it restates the understood part', async () => {
    const reply = await interact('I think Bramble weighs 480 kg and loves apples', setting('partial-3'));
    expect(reply.body.error?.code).toBe(109);
    expect(reply.body.quickReplies?.[0]).toBe("I'm 75% sure Bramble weighs 480.");
  });
});
