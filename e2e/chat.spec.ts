/**
 * The chat panel on a Runner session (bundled hello-world map, embedded engine, offline reader):
 * a question in free text, the engine's questions answered by typing and by quick replies, a
 * result explained in prose beside the evidence graph, keyboard only. Then, with a language-model
 * provider configured (a local OpenAI-compatible test server), the notice shown before first use.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, screenshot, test } from './support/fixtures';
import { unnamedControls } from './support/a11y';
import { ChatPage } from './pages/ChatPage';

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

  // While unlocked a new question runs; while locked it would be ignored (covered by the server tests).
  await chat.explain('Ada speaks English').click();
  await expect(chat.explanation).toContainText('the rule "Language of home"');
  await expect(chat.explanation).toContainText('Ada lives in England');
  await expect(page.getByRole('img', { name: /^Evidence graph of WA:RF:/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Style' }).selectOption({ label: 'Bullet list' });
  await expect(chat.explanation).toContainText('- Ada speaks English');
  await screenshot(page, testInfo, 'chat-explanation');

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
          JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify({ kind: 'query', query: { subject: 'Chiara', relationship: 'lives in' } }) } }], usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 } }),
        );
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const env = { LAPWING_NL_PROVIDER_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`, LAPWING_NL_PROVIDER_MODEL: 'test-model' };
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
