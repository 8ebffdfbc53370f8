/** Saved consultations: search, reopen, replay. */
import { expect, type Locator, type Page } from '@playwright/test';

export class ConsultationsPage {
  constructor(readonly page: Page) {}

  async show(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Consultations' }).click();
    await expect(this.page.getByRole('heading', { name: 'Saved consultations' })).toBeVisible();
  }

  async search(text: string): Promise<void> {
    const form = this.page.getByRole('search', { name: 'Search saved consultations' });
    await form.getByLabel('Text').fill(text);
    await form.getByRole('button', { name: 'Search' }).click();
  }

  async open(title: string): Promise<Locator> {
    await this.page.getByRole('button', { name: new RegExp(`^${title}`) }).click();
    const detail = this.page.getByRole('region', { name: title });
    await expect(detail).toBeVisible();
    return detail;
  }
}
