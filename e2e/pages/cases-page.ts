/**
 * The Test cases view: the case list, saving the runner's consultation as a case, running and
 * comparing cases, and the stored runs with their diffs and re-baselining. Role and label selectors.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class CasesPage {
  constructor(readonly page: Page) {}

  async show(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Test cases' }).click();
    await expect(this.page.getByRole('tab', { name: 'Cases' })).toHaveAttribute('aria-selected', 'true');
  }

  get list(): Locator {
    return this.page.getByRole('list', { name: 'Test cases' });
  }

  async saveConsultation(name: string): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Save the current consultation as a test case' });
    await form.getByLabel('Case name').fill(name);
    await form.getByRole('button', { name: 'Save current consultation as case' }).click();
    await expect(this.page.getByRole('status').filter({ hasText: `Saved the consultation as the case "${name}".` })).toBeVisible();
  }

  async showLogs(): Promise<void> {
    await this.show();
    await this.page.getByRole('tab', { name: 'Logs' }).click();
    await expect(this.page.getByRole('heading', { name: 'Imported logs' })).toBeVisible();
  }

  /** Imports a log file on the Logs tab and opens it. */
  async importLog(path: string): Promise<void> {
    await this.page.getByLabel('Import an interaction log (JSON or CSV)').setInputFiles(path);
  }

  /** Imports a case file on the Cases tab. */
  async importCases(path: string): Promise<void> {
    await this.page.getByLabel('Import cases (Lapwing, Studio, .rbtest.json)').setInputFiles(path);
  }

  /** Picks environment and version in a target group ("Baseline", "Under test" or "Target"). */
  async target(legend: string, environment: string, version: 'live' | 'draft' | number): Promise<void> {
    const group = this.page.getByRole('group', { name: legend });
    await group.getByLabel('Environment').selectOption({ label: environment });
    await group.getByLabel('Version').selectOption(typeof version === 'number' ? 'version' : version);
    if (typeof version === 'number') await group.getByLabel('Number').fill(String(version));
  }

  async compare(baseline: 'live' | 'draft' | number, underTest: 'live' | 'draft' | number): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Run test cases' });
    await form.getByLabel('Compare with a baseline').check();
    await this.target('Baseline', 'Local', baseline);
    await this.target('Under test', 'Local', underTest);
    await form.getByRole('button', { name: 'Compare' }).click();
    await expect(this.page.getByRole('tab', { name: 'Runs' })).toHaveAttribute('aria-selected', 'true');
  }

  async run(version: 'live' | 'draft' | number): Promise<void> {
    await this.page.getByRole('tab', { name: 'Cases' }).click();
    const form = this.page.getByRole('form', { name: 'Run test cases' });
    await form.getByLabel('Compare with a baseline').uncheck();
    await this.target('Target', 'Local', version);
    await form.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(this.page.getByRole('tab', { name: 'Runs' })).toHaveAttribute('aria-selected', 'true');
  }

  get runDetails(): Locator {
    return this.page.getByRole('region', { name: 'Run details' });
  }

  /** Shows the open run's coverage drawn on its map. */
  async showCoverageMap(): Promise<Locator> {
    await this.runDetails.getByRole('button', { name: 'Coverage', exact: true }).click();
    await this.page.getByRole('group', { name: 'Show coverage as' }).getByRole('button', { name: 'Map' }).click();
    const map = this.page.getByRole('figure', { name: 'Coverage map' });
    await expect(map.getByTestId('coverage-map-canvas').locator('canvas').first()).toBeVisible();
    return map;
  }

  private get coverageCanvas(): Locator {
    return this.page.getByTestId('coverage-map-canvas');
  }

  /** A coverage map element's classes, read from the cytoscape core cytoscape registers on its container. */
  async coverageClasses(id: string): Promise<string[]> {
    return this.coverageCanvas.evaluate((element, elementId) => {
      const core = (element as HTMLElement & { _cyreg?: { cy?: { getElementById(id: string): { classes(): string[] } } } })._cyreg?.cy;
      return core ? core.getElementById(elementId).classes() : [];
    }, id);
  }

  /** Clicks a coverage map node where it is drawn. */
  async clickCoverageNode(id: string): Promise<void> {
    const point = await this.coverageCanvas.evaluate((element, elementId) => {
      const core = (
        element as HTMLElement & { _cyreg?: { cy?: { getElementById(id: string): { renderedPosition(): { x: number; y: number } } } } }
      )._cyreg?.cy;
      return core?.getElementById(elementId).renderedPosition();
    }, id);
    if (!point) throw new Error(`No coverage map node ${id}`);
    await this.coverageCanvas.click({ position: point });
  }
}
