/** `app.info`: what the About box and the status bar show. */
import type { AppInfo } from '../../common/ipc';
import type { Keychain } from '../../keychain';
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
  constructor(
    private readonly identity: AppIdentity,
    private readonly keychain: Keychain,
    private readonly local: () => LocalEngineState,
  ) {}

  async info(): Promise<AppInfo> {
    const state = this.local();
    const keychain = await this.keychain.status();
    const localEngine = state.engine
      ? { url: state.engine.url, version: state.engine.version }
      : { url: null, version: null, error: state.error };
    return { ...this.identity, platform: process.platform, keychain, localEngine };
  }
}
