/**
 * Publishes a new version of a map in a workbench's embedded registry with one edit to its draft,
 * as a knowledge engineer would with their editor and `lapwing map publish`, while the app runs:
 *
 *   node bin/run-ts.mjs e2e/support/publish-version.ts ENGINE-DATA-DIR MAP-ID FIND REPLACE
 *
 * Prints the new version number. (A script, not an import: Playwright's loader does not run the
 * app's TypeScript with its native SQLite module.)
 */
import { MapRegistry, openServerDatabase, serverDatabaseFile } from '../../electron/server';

const [dataDir, mapId, find, replace] = process.argv.slice(2);
if (!dataDir || !mapId || find === undefined || replace === undefined) {
  console.error('usage: publish-version.ts ENGINE-DATA-DIR MAP-ID FIND REPLACE');
  process.exit(2);
}
const db = openServerDatabase(serverDatabaseFile(dataDir));
try {
  const registry = new MapRegistry(db);
  const resolved = registry.resolve(mapId, { kind: 'draft' });
  if (!resolved.ok) throw new Error(resolved.error.message);
  const source = registry.source(resolved.value.sourceId) ?? '';
  if (!source.includes(find)) throw new Error(`the draft does not contain ${find}`);
  registry.updateDraft(mapId, source.replace(find, replace));
  const published = registry.publish(mapId);
  if (!published.ok) throw new Error(published.error.message);
  // As text: console.log colours numbers when FORCE_COLOR is set (Playwright sets it).
  process.stdout.write(`${published.value.number}\n`);
} finally {
  db.close();
}
