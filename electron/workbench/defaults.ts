/**
 * The real collaborators of the composition root, shared by Electron main and browser mode: the
 * OS keychain, the Decision API client, the embedded engine, the engine's map loader, and the
 * bundled maps of `<appRoot>/resources/maps`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as engine from '../engine';
import { defaultMapLoader } from '../server';
import { OsKeychain, type Keychain } from '../keychain';
import { createWorkbench, type Workbench, type WorkbenchOptions } from './create-workbench';
import { startEmbeddedEngine } from './ports/embedded-engine';
import { ClientDecisionApi } from './ports/client-decision-api';
import { ClientNaturalLanguageApi } from './ports/natural-language-api';
import type { NativeDialogs } from './ports/native-dialogs';

interface DefaultWorkbenchOptions {
  /** The user data folder (Electron's `userData`, or `--data` in browser mode). */
  readonly dataDir: string;
  /** The folder holding package.json and `resources/` (the project root in development). */
  readonly appRoot: string;
  readonly mode: WorkbenchOptions['mode'];
  /** Tests pass another keychain; the app always uses the OS keychain. */
  readonly keychain?: Keychain;
  /** Electron main's native Open dialogs (Import map…, Open folder…); browser mode has none. */
  readonly dialogs?: NativeDialogs;
}

function versionOf(appRoot: string): string {
  try {
    const manifest = JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Creates the workbench with its real collaborators. */
export function createDefaultWorkbench(options: DefaultWorkbenchOptions): Promise<Workbench> {
  return createWorkbench({
    dataDir: options.dataDir,
    keychain: options.keychain ?? new OsKeychain(),
    mode: options.mode,
    api: new ClientDecisionApi(),
    nl: new ClientNaturalLanguageApi(),
    localEngine: startEmbeddedEngine,
    mapsDir: join(options.appRoot, 'resources', 'maps'),
    loadMap: engine.loadMap,
    // Large drafts (imports, saves, files changed in a followed folder) load in the server's map worker.
    loadMapOffThread: defaultMapLoader(engine),
    appVersion: versionOf(options.appRoot),
    ...(options.dialogs ? { dialogs: options.dialogs } : {}),
  });
}
