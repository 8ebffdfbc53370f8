/** Environments and the three key forms of the selected one. */
import { expect, type Locator, type Page } from '@playwright/test';

export class EnvironmentsPage {
  constructor(readonly page: Page) {}

  async show(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Environments' }).click();
  }

  async select(name: string): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Environments' })
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .click();
    await expect(this.page.getByRole('heading', { name, exact: true })).toBeVisible();
  }

  keyForm(label: 'API key' | 'Evidence key' | 'Interaction key'): Locator {
    return this.page.getByRole('form', { name: label, exact: true });
  }

  async setKey(label: 'API key' | 'Evidence key' | 'Interaction key', value: string): Promise<void> {
    const form = this.keyForm(label);
    await form.getByLabel(`New ${label.toLowerCase()}`).fill(value);
    await form.getByRole('button', { name: `Set ${label.toLowerCase()}` }).click();
    await expect(form.getByRole('status')).toHaveText(`${label} stored in the keychain.`);
  }
}
