/**
 * The shell around the views: main navigation, the command palette, the keyboard shortcuts list
 * and the theme switch. Roles and names only.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export const MAIN_VIEWS = ['Runner', 'Maps', 'Consultations', 'Test cases', 'Environments'] as const;
export type MainView = (typeof MAIN_VIEWS)[number];

export class ShellPage {
  constructor(readonly page: Page) {}

  get nav(): Locator {
    return this.page.getByRole('navigation', { name: 'Main' });
  }

  navButton(view: MainView): Locator {
    return this.nav.getByRole('button', { name: view, exact: true });
  }

  async show(view: MainView): Promise<void> {
    await this.navButton(view).click();
    await this.expectView(view);
  }

  async expectView(view: MainView): Promise<void> {
    await expect(this.navButton(view)).toHaveAttribute('aria-current', 'page');
  }

  get palette(): Locator {
    return this.page.getByRole('dialog', { name: 'Command palette' });
  }

  get paletteSearch(): Locator {
    return this.palette.getByRole('combobox', { name: 'Search commands, maps and saved consultations' });
  }

  /** Opens the palette with Ctrl+K (Cmd+K on macOS) and waits for the search field to have the focus. */
  async openPalette(): Promise<void> {
    await this.page.keyboard.press('ControlOrMeta+K');
    await expect(this.palette).toBeVisible();
    await expect(this.paletteSearch).toBeFocused();
  }

  /** The palette's option whose title is `title` (with its kind and shortcut after it). */
  option(title: string | RegExp): Locator {
    return this.palette.getByRole('option', { name: typeof title === 'string' ? new RegExp(`^${escape(title)}`) : title });
  }

  /** Finds `query` in the palette and runs the first match with Enter. */
  async runFromPalette(query: string, expectedTitle: string | RegExp): Promise<void> {
    await this.openPalette();
    await this.paletteSearch.fill(query);
    await expect(this.palette.getByRole('option').first()).toHaveAccessibleName(
      typeof expectedTitle === 'string' ? new RegExp(`^${escape(expectedTitle)}`) : expectedTitle,
    );
    await this.paletteSearch.press('Enter');
    await expect(this.palette).toBeHidden();
  }

  get shortcuts(): Locator {
    return this.page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  }

  get themeSelect(): Locator {
    return this.page.getByRole('combobox', { name: 'Theme' });
  }

  /** The theme the page shows now (`<html data-theme>`, which the stylesheet, Monaco and the graphs follow). */
  async theme(): Promise<string | undefined> {
    return this.page.evaluate(() => document.documentElement.dataset.theme);
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
