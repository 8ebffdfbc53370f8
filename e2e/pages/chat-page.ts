/**
 * The Runner's Chat tab as a user sees it: the conversation log, quick replies, the message box,
 * the provider notice and the explanation beside the evidence graph. Role and label selectors only.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class ChatPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Chat' }).click();
    await expect(this.page.getByRole('tabpanel', { name: 'Chat' })).toBeVisible();
  }

  get log(): Locator {
    return this.page.getByRole('log', { name: 'Conversation' });
  }

  get message(): Locator {
    return this.page.getByRole('textbox', { name: 'Message' });
  }

  /** Types a message and presses Enter, as a keyboard user does. */
  async say(text: string): Promise<void> {
    await this.message.fill(text);
    await this.message.press('Enter');
  }

  /** Waits for the engine to have said `text` (a whole message or part of one). */
  async expectEngine(text: string | RegExp): Promise<void> {
    await expect(this.log.getByText(text).last()).toBeVisible();
  }

  quickReply(label: string): Locator {
    return this.page.getByRole('group', { name: 'Quick replies' }).getByRole('button', { name: label, exact: true });
  }

  explain(result: string): Locator {
    return this.page.getByRole('button', { name: `Explain ${result}` });
  }

  get explanation(): Locator {
    return this.page.getByLabel('Explanation text');
  }

  get notice(): Locator {
    return this.page.getByRole('note').filter({ hasText: 'Before you type' });
  }
}
