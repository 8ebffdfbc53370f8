import { describe, expect, it } from 'vitest';
import { createSession } from '../../engine';
import { corpusMap } from '../test-support/corpus';
import { offlineUnderstand } from '../provider/understand';
import { buildVocabulary } from '../vocabulary/build';
import { interact, newConversation } from './interact';

// A generated-evaluation map (incident triage): "priority" is concluded by rules.
const map = corpusMap('generated:tuning/incidents');
const vocabulary = buildVocabulary(map);
const NOW = Date.UTC(2026, 4, 13, 10);

function start(id: string) {
  const session = createSession(map, { id, kmVersionId: 'v', clock: () => NOW });
  const conversation = newConversation();
  return {
    session,
    say: (prompt: string) => interact(prompt, { session, vocabulary, conversation, now: NOW, understand: offlineUnderstand }),
  };
}

describe('why-questions', () => {
  it('explain a concluded fact from its evidence, with its fact ID, without locking the session', async () => {
    const { session, say } = start('why-1');
    await say('SEC-7 is a security breach.');
    expect((await say("What is SEC-7's priority?")).body).toMatchObject({ responseType: 'result', results: [{ Object: 'P1' }] });
    const reply = await say('Why is SEC-7 P1?');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      responseType: 'result',
      reader: 'offline',
      query: { subject: 'SEC-7', relationship: 'priority', object: 'P1' },
      results: [{ Subject: 'SEC-7', Object: 'P1' }],
    });
    const fact = session.facts(['priority']).local.find((candidate) => candidate.object.value === 'P1');
    expect(reply.body.explanation?.factID).toBe(fact?.id);
    expect(reply.body.explanation?.text).toContain('Breaches are P1');
    expect(reply.body.explanation?.text).toContain('is a security breach');
    expect(reply.body.questions).toEqual([]);
  });

  it('say the fact is not known, and offer the question that would find out', async () => {
    const { say } = start('why-2');
    const reply = await say('Why is the priority of OPS-12 P1?');
    expect(reply.status).toBe(400);
    expect(reply.body.responseType).toBe('error');
    expect(reply.body.error).toMatchObject({ code: 107 });
    expect(reply.body.error?.suggestedChatResponse).toContain('not known');
    expect(reply.body.quickReplies?.length).toBeGreaterThan(0);
    expect(reply.body.explanation).toBeUndefined();
  });

  it('mention what is known when the session concluded another value', async () => {
    const { say } = start('why-3');
    await say('SEC-7 is a security breach.');
    await say("What is SEC-7's priority?");
    const reply = await say("Why is SEC-7's priority P3?");
    expect(reply.body.error).toMatchObject({ code: 107 });
    expect(reply.body.error?.suggestedChatResponse).toContain('P1');
  });

  it('read a why-question about a truth value as the fact with true, and explain it; "why not" as false', async () => {
    const commuting = corpusMap('generated:tuning/commuting');
    const words = buildVocabulary(commuting);
    const session = createSession(commuting, { id: 'why-truth', kmVersionId: 'v', clock: () => NOW });
    const conversation = newConversation();
    const say = (prompt: string) => interact(prompt, { session, vocabulary: words, conversation, now: NOW, understand: offlineUnderstand });
    await say('Wren gets travel allowance.');
    const reply = await say('Why does Wren get travel allowance?');
    expect(reply.body).toMatchObject({
      responseType: 'result',
      query: { subject: 'Wren', relationship: 'gets travel allowance', object: 'true' },
      results: [{ Subject: 'Wren', Object: 'true' }],
    });
    expect(reply.body.explanation?.factID).toBeDefined();
    // Known the other way round only: "why not" is not known, and the reply says so with the question to ask.
    const not = await say("Why doesn't Wren get travel allowance?");
    expect(not.body.error).toMatchObject({ code: 107 });
    expect(not.body.error?.suggestedChatResponse).toContain('Wren gets travel allowance: no');
    expect(not.body.quickReplies).toEqual(['Wren gets travel allowance?']);
  });
});
