/** The shell's notification area: failures by action (alerts, until dismissed) and passing successes. */
import { expect, type Locator, type Page } from '@playwright/test';

export class Notifications {
  constructor(readonly page: Page) {}

  get region(): Locator {
    return this.page.getByRole('region', { name: 'Notifications' });
  }

  /** The alert of a failed action, e.g. "Start a session". */
  failure(action: string): Locator {
    return this.region.getByRole('alert').filter({ hasText: `${action} failed.` });
  }

  async dismiss(action: string): Promise<void> {
    await this.region.getByRole('button', { name: `Dismiss: ${action} failed` }).click();
    await expect(this.failure(action)).toHaveCount(0);
  }
}
