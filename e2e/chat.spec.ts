/**
 * The chat panel on a Runner session (bundled hello-world map, embedded engine, offline reader):
 * a question in free text, the engine's questions answered by typing and by quick replies, a
 * result explained in prose beside the evidence graph, keyboard only. Then, with a language-model
 * provider configured (a local OpenAI-compatible test server), the notice shown before first use,
 * and the same provider set up in the Environments view with its key in the keychain. The Runner
 * shows the session the chat moved.
 */
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { OsKeychain } from '../electron/keychain';
import { skipWithoutKeychain } from './support/keychain';
import { expect, screenshot, test } from './support/fixtures';
import { unnamedControls } from './support/a11y';
import { ChatPage } from './pages/chat-page';

test('asks, answers and explains in the chat, from the keyboard', async ({ page, runner }, testInfo) => {
  await runner.startSession();
  const chat = new ChatPage(page);
  await chat.open();
  await expect(chat.notice).toHaveCount(0); // offline: nothing leaves the machine, nothing to acknowledge
  await expect(chat.message).toBeFocused();

  await chat.say('What languages does Ada speak?');
  await chat.expectEngine('Which country does Ada live in? How old is Ada, in years?');
  await expect(chat.quickReply('England')).toBeVisible();
  await expect(chat.quickReply('Skip')).toHaveCount(0); // "lives in" cannot be skipped

  await chat.say("England, and she's 34");
  await chat.expectEngine('In which other countries has Ada lived for a year or more?');
  await expect(chat.quickReply('Skip')).toBeVisible();
  expect(await unnamedControls(page.getByRole('main'))).toEqual([]);
  await screenshot(page, testInfo, 'chat-question');

  // A quick reply, reached with the keyboard.
  await chat.quickReply('Skip').focus();
  await page.keyboard.press('Enter');
  await chat.expectEngine('Here is the answer:');
  await expect(chat.log.getByText('Ada speaks English')).toBeVisible();

  // A why-question explains the fact it names and opens that fact's evidence graph.
  await chat.message.focus();
  await chat.say('Why does Ada speak English?');
  await chat.expectEngine(/Here is why/);
  await expect(chat.explanation).toContainText('the rule "Language of home"');
  await expect(page.getByRole('img', { name: /^Evidence graph of WA:RF:/ })).toBeVisible();

  // While unlocked a new question runs; while locked it would be ignored (covered by the server tests).
  await chat.explain('Ada speaks English').first().click(); // the answer above; the why-reply shows the same fact
  await expect(chat.explanation).toContainText('the rule "Language of home"');
  await expect(chat.explanation).toContainText('Ada lives in England');
  await expect(page.getByRole('img', { name: /^Evidence graph of WA:RF:/ })).toBeVisible();
  // The explanation's graph has room: no strip, and not cut off below the window.
  const canvas = await page.getByRole('img', { name: /^Evidence graph of WA:RF:/ }).boundingBox();
  expect(canvas?.height ?? 0).toBeGreaterThanOrEqual(300);
  expect((canvas?.y ?? 0) + (canvas?.height ?? 0)).toBeLessThanOrEqual(page.viewportSize()?.height ?? 0);
  await page.getByRole('combobox', { name: 'Style' }).selectOption({ label: 'Bullet list' });
  await expect(chat.explanation).toContainText('- Ada speaks English');
  await screenshot(page, testInfo, 'chat-explanation');

  // A question in a word the map does not use is read by its concepts, and the chat says what it assumed.
  await chat.message.focus();
  await chat.say('What language does Spain use?');
  await chat.expectEngine("I took 'use' to mean 'national language'.");
  await expect(chat.log.getByText('Spanish').last()).toBeVisible();

  await chat.message.focus();
  await chat.say('What is the weather like?');
  await chat.expectEngine(/can't answer that/);
});

test.describe('with a language-model provider configured', () => {
  let provider: Server;
  const saved: Record<string, string | undefined> = {};

  test.beforeAll(async () => {
    // A local OpenAI-compatible server: the host process inherits these variables.
    provider = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            choices: [
              {
                message: {
                  role: 'assistant',
                  content: JSON.stringify({ kind: 'query', query: { subject: 'Chiara', relationship: 'lives in' } }),
                },
              },
            ],
            usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const env = {
      LAPWING_NL_PROVIDER_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`,
      LAPWING_NL_PROVIDER_MODEL: 'test-model',
    };
    for (const [name, value] of Object.entries(env)) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
  });

  test.afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await new Promise<void>((resolve) => provider.close(() => resolve()));
  });

  test('says that the provider receives the map and the text before the first message', async ({ page, runner }, testInfo) => {
    await runner.startSession();
    const chat = new ChatPage(page);
    await chat.open();
    await expect(chat.notice).toContainText("this map's content");
    await expect(chat.notice).toContainText('your text');
    await expect(chat.message).toBeDisabled();
    await screenshot(page, testInfo, 'chat-provider-notice');
    await chat.notice.getByRole('button', { name: 'I understand, continue' }).click();
    await expect(chat.message).toBeFocused();
    await chat.say('¿Dónde vive Chiara?');
    await expect(chat.log.getByText('Chiara lives in Italy')).toBeVisible();
  });
});

test('the Runner shows the question, results and transcript the chat left', async ({ page, runner }) => {
  await runner.startSession();
  const chat = new ChatPage(page);
  await chat.open();
  await chat.say('What languages does Ada speak?');
  await chat.expectEngine('Which country does Ada live in? How old is Ada, in years?');
  await chat.say("England, and she's 34");
  await chat.expectEngine('In which other countries has Ada lived for a year or more?');

  await page.getByRole('tab', { name: 'Consultation' }).click();
  await runner.expectQuestions('In which other countries has Ada lived for a year or more?');
  await expect(runner.transcript.getByText('Query: Ada speaks ?')).toBeVisible();
  await expect(runner.transcript.getByText(/^Answered: England \(100%\), 34 \(100%\)/)).toBeVisible();

  // The Runner carries on from where the chat left the session.
  await runner.skip();
  await expect(runner.certainty('Ada speaks English')).toBeVisible();
});

test.describe('with a provider set up in the workbench', () => {
  let provider: Server;
  let providerUrl: string;
  const seen: IncomingHttpHeaders[] = [];

  test.beforeAll(async () => {
    provider = createServer((request, response) => {
      seen.push(request.headers);
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            choices: [
              {
                message: {
                  role: 'assistant',
                  content: JSON.stringify({ kind: 'query', query: { subject: 'Chiara', relationship: 'lives in' } }),
                },
              },
            ],
            usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`;
  });

  test.afterAll(async () => {
    await new Promise<void>((resolve) => provider.close(() => resolve()));
  });

  test('sets URL, model and key in the UI; the chat uses them; the key is in the keychain only', async ({
    page,
    lapwing,
    runner,
    environments,
  }, testInfo) => {
    await skipWithoutKeychain('the provider key test');
    const keychain = new OsKeychain();
    const secret = `provider-${randomUUID()}`;
    try {
      await environments.show();
      await environments.select('Local');
      const settings = page.getByRole('form', { name: 'Provider settings' });
      await settings.getByLabel('Provider URL').fill(providerUrl);
      await settings.getByLabel('Model').fill('e2e-model');
      await settings.getByRole('button', { name: 'Save provider' }).click();
      await expect(settings.getByRole('status')).toHaveText('Provider saved. The chat uses it from the next message.');
      const keyForm = page.getByRole('form', { name: 'Provider key', exact: true });
      await keyForm.getByLabel('New provider key').fill(secret);
      await keyForm.getByRole('button', { name: 'Set provider key' }).click();
      await expect(keyForm.getByRole('status')).toHaveText('Provider key stored in the keychain.');
      await keyForm.getByRole('button', { name: 'Test provider key' }).click();
      await expect(keyForm.getByRole('status')).toHaveText('The provider (e2e-model) accepted the key.');
      await screenshot(page, testInfo, 'environments-provider');

      await runner.show();
      await runner.startSession();
      const chat = new ChatPage(page);
      await chat.open();
      await expect(chat.notice).toContainText('e2e-model');
      await expect(chat.notice).toContainText("this map's content");
      await chat.notice.getByRole('button', { name: 'I understand, continue' }).click();
      await chat.say('¿Dónde vive Chiara?'); // Spanish: the offline reader cannot place it
      await expect(chat.log.getByText('Chiara lives in Italy')).toBeVisible();
      expect(seen.at(-1)?.authorization).toBe(`Bearer ${secret}`);

      expect(await keychain.get('local', 'provider')).toBe(secret);
      const entries = await readdir(lapwing.dataDir, { withFileTypes: true, recursive: true });
      for (const entry of entries.filter((item) => item.isFile())) {
        expect((await readFile(join(entry.parentPath, entry.name))).includes(secret), entry.name).toBe(false);
      }
      expect(lapwing.output()).not.toContain(secret);
    } finally {
      await keychain.delete('local', 'provider');
    }
  });
});
