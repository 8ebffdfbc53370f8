/**
 * Builds the app when `out/` is missing or older than the renderer's sources, so browser mode serves
 * the renderer under test (CI builds first; this keeps local e2e and bench runs honest).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..', '..');

function newestIn(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export function ensureBuilt(): void {
  const built = join(root, 'out', 'renderer', 'index.html');
  const sources = Math.max(
    newestIn(join(root, 'renderer')),
    newestIn(join(root, 'electron', 'common')),
    statSync(join(root, 'electron.vite.config.ts')).mtimeMs,
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log('[lapwing] building the app (out/ is missing or older than the sources)…');
  const result = spawnSync(join(root, 'node_modules', '.bin', 'electron-vite'), ['build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`electron-vite build failed (${result.error?.message ?? `exit ${result.status}`})`);
}
