/** Playwright's global setup: make sure the renderer under test is built. */
import { ensureBuilt } from './build';

export default function globalSetup(): void {
  ensureBuilt();
}
