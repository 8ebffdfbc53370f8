/**
 * Accessible names, as Playwright computes them for its ARIA snapshot: any control listed without a
 * quoted name would be announced by a screen reader as just "button" or "edit text".
 */
import type { Locator } from '@playwright/test';

const CONTROL =
  /^\s*- (button|textbox|combobox|checkbox|radio|slider|spinbutton|searchbox|tab|link|listbox|switch|menuitem)(\s*\[[^\]]*\])*\s*(:.*)?$/;

/** The snapshot lines of controls that have no accessible name. */
export async function unnamedControls(scope: Locator): Promise<string[]> {
  const snapshot = await scope.ariaSnapshot();
  return snapshot.split('\n').filter((line) => CONTROL.test(line));
}
