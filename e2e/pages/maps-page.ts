/**
 * The Maps view as a user sees it: the registry list, import with its preview, folders, the map
 * editor (Monaco: its edit surface is a textbox named after the editor), versions and the diff.
 * Role and label selectors only.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

export class MapsPage {
  constructor(readonly page: Page) {}

  async show(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Maps' }).click();
    await expect(this.page.getByRole('button', { name: 'Maps' })).toHaveAttribute('aria-current', 'page');
  }

  get list(): Locator {
    return this.page.getByRole('list', { name: 'Maps' });
  }

  mapButton(name: string): Locator {
    return this.list.getByRole('button', { name: new RegExp(`^${name}\\b`) });
  }

  /** Chooses a file to import and waits for its preview (nothing is saved yet). */
  async chooseImport(fileName: string, text: string): Promise<Locator> {
    await this.page
      .getByLabel('Map file to import')
      .setInputFiles({ name: fileName, mimeType: 'application/xml', buffer: Buffer.from(text) });
    const preview = this.page.getByRole('form', { name: 'Import preview' });
    await expect(preview).toBeVisible();
    return preview;
  }

  /** Imports a fixture map (`e2e/fixtures/<fileName>`) under a name, as a user would, and waits for it in the list. */
  async importFixture(fileName: string, name: string): Promise<void> {
    const preview = await this.chooseImport(fileName, await readFile(join(import.meta.dirname, '..', 'fixtures', fileName), 'utf8'));
    await preview.getByLabel('Map name').fill(name);
    await preview.getByRole('button', { name: /^Import/ }).click();
    await expect(this.mapButton(name)).toBeVisible();
  }

  async openFolder(path: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Open folder…' }).click();
    const form = this.page.getByRole('form', { name: 'Open a folder of maps' });
    await form.getByLabel('Folder path').fill(path);
    await form.getByRole('button', { name: 'Follow folder' }).click();
  }

  async tab(name: 'Editor' | 'Versions' | 'Compare'): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
    await expect(this.page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  }

  /** The map editor's edit surface. */
  editor(mapName: string): Locator {
    return this.page.getByRole('textbox', { name: `Draft of ${mapName}` });
  }

  get draftStatus(): Locator {
    return this.page.getByRole('status', { name: 'Draft status' });
  }

  get problems(): Locator {
    return this.page.getByRole('region', { name: 'Problems' });
  }

  get outline(): Locator {
    return this.page.getByRole('navigation', { name: 'Outline' });
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save draft' }).click();
    await expect(this.page.getByRole('status').filter({ hasText: /^Saved the draft of/ })).toBeVisible();
  }

  async publish(note: string, live: boolean): Promise<void> {
    await this.tab('Versions');
    const form = this.page.getByRole('form', { name: 'Publish the draft' });
    await form.getByLabel('Note for the new version').fill(note);
    if (live) await form.getByLabel('Make it live').check();
    await form.getByRole('button', { name: 'Publish' }).click();
  }

  get versions(): Locator {
    return this.page.getByRole('table', { name: 'Published versions' });
  }

  /** Compares two sides of the selected map (each `draft`, `live` or a version number). */
  async compare(before: 'draft' | 'live' | number, after: 'draft' | 'live' | number): Promise<Locator> {
    await this.tab('Compare');
    const form = this.page.getByRole('form', { name: 'Choose what to compare' });
    for (const [legend, side] of [
      ['Before', before],
      ['After', after],
    ] as const) {
      const group = form.getByRole('group', { name: legend });
      await group.getByLabel('Compare').selectOption(typeof side === 'number' ? 'version' : side);
      if (typeof side === 'number') await group.getByLabel('Version number').selectOption(String(side));
    }
    await form.getByRole('button', { name: 'Compare maps' }).click();
    const report = this.page.getByRole('region', { name: 'Semantic diff' });
    await expect(report).toBeVisible();
    return report;
  }
}
