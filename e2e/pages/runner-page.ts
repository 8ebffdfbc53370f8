/**
 * The runner as a user sees it: target picker, fact editor, query form, the question cards, the
 * results and the evidence graph. Role and label selectors only: Monaco has no textarea under
 * EditContext (stack.md), but its edit surface is a textbox carrying the editor's aria label.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class RunnerPage {
  constructor(readonly page: Page) {}

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await expect(this.page.getByRole('button', { name: 'Runner' })).toHaveAttribute('aria-current', 'page');
    // The target is ready once the local registry's maps are listed. Browser mode serves the page while
    // the workbench is still starting ("Starting…"): seconds cold, and over 15 s once on a busy machine.
    await expect(this.page.getByRole('combobox', { name: 'Map', exact: true })).not.toHaveValue('', { timeout: 90_000 });
  }

  async show(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Runner' }).click();
  }

  get startButton(): Locator {
    return this.page.getByRole('button', { name: 'Start session' });
  }

  async startSession(): Promise<void> {
    await this.startButton.click();
    await expect(this.page.getByRole('status').filter({ hasText: /Session …[0-9a-f]{8} on / })).toBeVisible();
  }

  get editor(): Locator {
    return this.page.getByRole('textbox', { name: 'Facts to inject, as JSON' });
  }

  /**
   * Replaces the editor's text, typed key by key as a person would: Monaco closes brackets and
   * quotes as they open and types over the closing ones, so the result is exactly `json`.
   */
  async typeFacts(json: string): Promise<void> {
    // Monaco's overlay layers take the pointer, so focus the edit surface directly.
    await this.editor.focus();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Delete');
    await this.page.keyboard.type(json);
  }

  async inject(): Promise<void> {
    await this.page.getByRole('button', { name: 'Inject', exact: true }).click();
  }

  async query(subject: string, relationship: string, object = ''): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Query' });
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Relationship').fill(relationship);
    await form.getByLabel('Object').fill(object);
    await form.getByRole('button', { name: 'Run query' }).click();
  }

  /** A question card, found by its prompt exactly as the map's author wrote it. */
  question(prompt: string): Locator {
    return this.page.getByRole('group', { name: prompt, exact: true });
  }

  async expectQuestions(...prompts: string[]): Promise<void> {
    for (const prompt of prompts) await expect(this.question(prompt)).toBeVisible();
    await expect(
      this.page
        .getByRole('form', { name: /^Answer th/ })
        .getByRole('group')
        .filter({ has: this.page.locator('legend') }),
    ).toHaveCount(prompts.length);
  }

  async setCertainty(prompt: string, value: number): Promise<void> {
    await this.question(prompt).getByRole('slider', { name: 'Certainty' }).fill(String(value));
  }

  async answer(): Promise<void> {
    await this.page.getByRole('button', { name: /^(Continue|Answer all)$/ }).click();
  }

  async skip(): Promise<void> {
    await this.page.getByRole('button', { name: 'Skip', exact: true }).click();
  }

  async undo(): Promise<void> {
    await this.page.getByRole('button', { name: 'Undo', exact: true }).click();
  }

  get results(): Locator {
    return this.page.getByRole('list', { name: 'Results' });
  }

  certainty(resultText: string): Locator {
    return this.page.getByRole('meter', { name: `Certainty of ${resultText}` });
  }

  async openEvidence(resultText: string): Promise<void> {
    await this.page.getByRole('button', { name: `Evidence for ${resultText}` }).click();
    await expect(this.page.getByRole('tab', { name: 'Evidence' })).toHaveAttribute('aria-selected', 'true');
  }

  /** "Why no result?" under an empty result: each rule that could conclude it and what stopped it. */
  get whyNoResult(): Locator {
    return this.page.getByRole('region', { name: 'Why no result?' });
  }

  /** One rule of "Why no result?" by its name. */
  whyRule(name: string): Locator {
    return this.whyNoResult.getByRole('listitem', { name: `Rule ${name}` });
  }

  get evidenceOutline(): Locator {
    return this.page.getByRole('complementary', { name: 'Evidence outline' });
  }

  async saveConsultation(title: string): Promise<void> {
    await this.page.getByRole('tab', { name: 'Consultation' }).click();
    const form = this.page.getByRole('form', { name: 'Save the consultation' });
    await form.getByLabel('Title').fill(title);
    await form.getByRole('button', { name: 'Save consultation' }).click();
    await expect(this.page.getByRole('complementary', { name: 'Transcript' }).getByText(`Saved as “${title}”.`)).toBeVisible();
  }

  get transcript(): Locator {
    return this.page.getByRole('list', { name: 'Transcript' });
  }
}
