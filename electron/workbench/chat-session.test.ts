/**
 * Chat turns against the embedded engine (real server, bundled hello-world map): the Runner's view
 * follows them (the response and transcript returned with each turn), and the provider configured
 * in the workbench is used with the key read from the keychain at the moment of use.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isQuestionResponse } from '../common/decision-api';
import { startFakeProvider, type FakeProvider } from '../nl/provider/test-support/fake-provider';
import type { Workbench } from './create-workbench';
import { createDefaultWorkbench } from './defaults';
import { FakeKeychain } from './test-support/fakes';
import { callsOn } from './test-support/calls';

const appRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
let dataDir: string;
let workbench: Workbench;
const { value } = callsOn(() => workbench);
let fake: FakeProvider;
const keychain = new FakeKeychain();

async function session(): Promise<string> {
  return (await value('consultation.start', { environmentId: 'local' })).sessionId;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lapwing-chat-'));
  fake = await startFakeProvider();
  workbench = await createDefaultWorkbench({ dataDir, appRoot, mode: 'browser', keychain });
});
afterAll(async () => {
  await workbench?.dispose();
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('chat turns and the Runner', () => {
  it('returns the pending question or results and records each turn in the transcript', async () => {
    const sessionId = await session();
    const asked = await value('chat.interact', { sessionId, prompt: 'What languages does Ada speak?' });
    const first = asked.consultation?.response;
    expect(first && isQuestionResponse(first) ? first.question.prompt : null).toBe('Which country does Ada live in?');
    expect(asked.consultation?.transcript.steps.map((step) => step.kind)).toEqual(['query']);
    expect(asked.consultation?.transcript.steps[0]).toMatchObject({ query: { subject: 'Ada', relationship: 'speaks' } });

    const answered = await value('chat.interact', { sessionId, prompt: "England, and she's 34" });
    const second = answered.consultation?.response;
    expect(second && isQuestionResponse(second) ? second.question.prompt : null).toBe(
      'In which other countries has Ada lived for a year or more?',
    );
    const respond = answered.consultation?.transcript.steps[1];
    expect(respond?.kind).toBe('respond');
    if (respond?.kind === 'respond') {
      expect(respond.answers).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ subject: 'Ada', relationship: 'lives in', object: 'England' }),
          expect.objectContaining({ subject: 'Ada', object: 34 }),
        ]),
      );
    }

    // A new question while locked is ignored: no step, the same question stays pending.
    const ignored = await value('chat.interact', { sessionId, prompt: 'Where does Bruno live?' });
    expect(ignored.consultation?.transcript.steps).toHaveLength(2);

    const skipped = await value('chat.interact', { sessionId, prompt: "I don't know" });
    const results = skipped.consultation?.response;
    expect(
      results && !isQuestionResponse(results)
        ? results.result.map((entry) => `${entry.subject} ${entry.relationship} ${String(entry.object)}`)
        : [],
    ).toContain('Ada speaks English');
    const skip = skipped.consultation?.transcript.steps[2];
    expect(skip).toMatchObject({ kind: 'respond', answers: [expect.objectContaining({ unanswered: true })] });

    // One source of truth: the Runner's transcript call says the same.
    expect(await value('consultation.transcript', { sessionId })).toEqual(skipped.consultation?.transcript);

    // Errors leave the Runner's view as it was.
    const nonsense = await value('chat.interact', { sessionId, prompt: 'asdfgh qwerty' });
    expect(nonsense.consultation).toEqual({ response: null, transcript: skipped.consultation?.transcript });
  });

  it('uses the provider set in the workbench, with the key read from the keychain on each message', async () => {
    fake.answer({ content: JSON.stringify({ kind: 'query', query: { subject: 'Chiara', relationship: 'lives in' } }) });
    await value('nlProvider.save', { url: fake.url, model: 'test-model' });
    await value('keys.set', { environmentId: 'local', kind: 'provider', value: 'key-one' });
    const notice = await value('chat.status', { sessionId: await session() });
    expect(notice).toMatchObject({ usesProvider: true, notice: expect.stringContaining('test-model at 127.0.0.1') });

    const sessionId = await session();
    const reply = await value('chat.interact', { sessionId, prompt: '¿Dónde vive Chiara?' });
    expect(reply.results?.[0]).toMatchObject({ Subject: 'Chiara', Object: 'Italy' });
    expect(reply.metadata?.llmTokens.totalTokens).toBeGreaterThan(0);
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer key-one');
    expect(fake.requests.at(-1)?.body.model).toBe('test-model');

    // A new key applies to the next message, without a restart.
    await value('keys.set', { environmentId: 'local', kind: 'provider', value: 'key-two' });
    await value('chat.interact', { sessionId: await session(), prompt: '¿Dónde vive Chiara?' });
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer key-two');
    expect(readFileSync(join(dataDir, 'workbench.sqlite')).includes('key-two')).toBe(false);

    // Keychain unavailable: the provider is not used (no key from anywhere else), and the notice says why.
    keychain.available = false;
    const before = fake.requests.length;
    const offline = await value('chat.interact', { sessionId: await session(), prompt: '¿Dónde vive Chiara?' });
    expect(offline.responseType).toBe('error');
    expect(fake.requests.length).toBe(before);
    keychain.available = true;
    const sid = await session();
    keychain.available = false;
    expect((await value('chat.status', { sessionId: sid })).notice).toMatch(/cannot be used: The OS keychain is not available/);
    keychain.available = true;

    await value('nlProvider.clear', {});
    expect(await value('chat.status', { sessionId: await session() })).toEqual({ usesProvider: false });
  });
});
