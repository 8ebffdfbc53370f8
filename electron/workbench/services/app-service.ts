/** `app.info`: what the About box and the status bar show. */
import type { AppInfo } from '../../common/ipc';
import type { Keychain } from '../../keychain';
import type { DecisionApi } from '../ports/decision-api';
import type { LocalEngineState } from './endpoints';

export interface AppIdentity {
  readonly name: string;
  readonly version: string;
  readonly mode: AppInfo['mode'];
  readonly dataDir: string;
  /** The Local registry's database file, when the embedded engine runs. */
  readonly registryFile: string | null;
}

export class AppService {
  /** The embedded engine's version, asked once (it cannot change while the app runs). */
  private engineVersion: Promise<string | null> | null = null;

  constructor(
    private readonly identity: AppIdentity,
    private readonly keychain: Keychain,
    private readonly local: () => LocalEngineState,
    private readonly api: DecisionApi,
  ) {}

  async info(): Promise<AppInfo> {
    const state = this.local();
    const keychain = await this.keychain.status();
    const localEngine = state.engine
      ? { url: state.engine.url, version: state.engine.version ?? (await this.localVersion(state.engine.url)) }
      : { url: null, version: null, error: state.error };
    return { ...this.identity, platform: process.platform, keychain, localEngine };
  }

  private localVersion(baseUrl: string): Promise<string | null> {
    this.engineVersion ??= this.api.version({ baseUrl }).then((result) => (result.ok ? result.value : null));
    return this.engineVersion;
  }
}
