import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dataFolder, defaultDataFolder, registryFileOf } from './data-folder';
import { adoptEarlierRegistry } from './earlier-registry';
import { openServerDatabase } from './database';
import { MapRegistry } from './registry/registry';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lapwing-data-folder-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A registry file holding one map named `name`. */
function registryWith(file: string, name: string): string {
  const db = openServerDatabase(file);
  try {
    return new MapRegistry(db).createMap({ name, source: '<kb/>' }).id;
  } finally {
    db.close();
  }
}

function mapNames(file: string): string[] {
  const db = openServerDatabase(file);
  try {
    return new MapRegistry(db).listMaps().map((map) => map.name);
  } finally {
    db.close();
  }
}

describe('the shared data folder', () => {
  it('is --data, else $LAPWING_DATA, else the platform app-data folder Electron uses for lapwing', () => {
    expect(dataFolder('rel/dir', { LAPWING_DATA: '/env/dir' })).toBe(resolve('rel/dir'));
    expect(dataFolder(undefined, { LAPWING_DATA: '/env/dir' })).toBe(resolve('/env/dir'));
    expect(dataFolder('  ', { LAPWING_DATA: ' ' }, 'linux')).toBe(defaultDataFolder('linux', {}));
    expect(defaultDataFolder('linux', { XDG_CONFIG_HOME: '/x/config' })).toBe(join('/x/config', 'lapwing'));
    expect(defaultDataFolder('linux', {}, '/home/a')).toBe(join('/home/a', '.config', 'lapwing'));
    expect(defaultDataFolder('darwin', {}, '/Users/a')).toBe(join('/Users/a', 'Library', 'Application Support', 'lapwing'));
    expect(defaultDataFolder('win32', { APPDATA: 'C:\\Users\\a\\AppData\\Roaming' })).toMatch(/Roaming.lapwing$/);
  });

  it("adopts the workbench's earlier engine/ registry, keeping the old file", () => {
    const folder = tempDir();
    mkdirSync(join(folder, 'engine'));
    const earlier = join(folder, 'engine', 'server.sqlite');
    registryWith(earlier, 'From the workbench');
    expect(adoptEarlierRegistry(folder, { includeHome: false })).toMatch(/Copied the map registry/);
    expect(mapNames(registryFileOf(folder))).toEqual(['From the workbench']);
    expect(mapNames(earlier)).toEqual(['From the workbench']);
    // Once the shared registry exists, nothing is copied again (new maps are not overwritten).
    registryWith(registryFileOf(folder), 'Added later');
    expect(adoptEarlierRegistry(folder, { includeHome: false })).toBeNull();
    expect(mapNames(registryFileOf(folder))).toEqual(['From the workbench', 'Added later']);
  });

  it("adopts the CLI's ~/.lapwing registry only for the default folder", () => {
    const home = tempDir();
    mkdirSync(join(home, '.lapwing'));
    registryWith(join(home, '.lapwing', 'server.sqlite'), 'From the CLI');
    const chosen = tempDir();
    expect(adoptEarlierRegistry(chosen, { includeHome: false, home })).toBeNull();
    expect(existsSync(registryFileOf(chosen))).toBe(false);
    const fresh = join(tempDir(), 'not-yet-made');
    expect(adoptEarlierRegistry(fresh, { includeHome: true, home })).toContain(join(home, '.lapwing', 'server.sqlite'));
    expect(mapNames(registryFileOf(fresh))).toEqual(['From the CLI']);
  });
});
