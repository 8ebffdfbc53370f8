/**
 * The OS keychain through `@napi-rs/keyring`: Secret Service on Linux, Keychain on macOS,
 * Credential Manager on Windows.
 *
 * On Linux the store is pinned to the Secret Service: the library's default silently falls back to
 * the kernel keyring, which forgets keys at logout (and is denied in some sandboxes). Pinned, an
 * unavailable Secret Service throws, and we report it instead of storing the key anywhere else.
 */
import { AsyncEntry } from '@napi-rs/keyring';
import type { KeychainStatus, KeyKind } from '../common/ipc';
import { accountFor, KEY_KINDS, KEYCHAIN_SERVICE, KeychainError, type Keychain } from './keychain';

const ENTRY_OPTIONS = { linux: { store: 'secret-service' as const } };

/** An account no key is ever stored under: reading it tells whether the store answers at all. */
const PROBE_ACCOUNT = '__lapwing_probe__';

function platformHint(platform: NodeJS.Platform): string {
  if (platform === 'linux') {
    return 'Lapwing needs a Secret Service (GNOME Keyring or KWallet) running and unlocked on the session D-Bus';
  }
  if (platform === 'darwin') return 'Lapwing needs the macOS Keychain to be unlocked';
  if (platform === 'win32') return 'Lapwing needs the Windows Credential Manager';
  return 'Lapwing has no OS keychain on this platform';
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Keys in the OS keychain, service `lapwing`, account `<environmentId>:<kind>`. */
export class OsKeychain implements Keychain {
  constructor(
    private readonly service: string = KEYCHAIN_SERVICE,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {}

  async status(): Promise<KeychainStatus> {
    try {
      await this.entry(PROBE_ACCOUNT).getPassword();
      return { available: true };
    } catch (error) {
      return { available: false, message: this.unavailable(error).message };
    }
  }

  async has(environmentId: string, kind: KeyKind): Promise<boolean> {
    return (await this.get(environmentId, kind)) !== null;
  }

  async get(environmentId: string, kind: KeyKind): Promise<string | null> {
    return this.call(async () => (await this.entry(accountFor(environmentId, kind)).getPassword()) ?? null);
  }

  async set(environmentId: string, kind: KeyKind, value: string): Promise<void> {
    if (value.length === 0) throw new KeychainError('keychain/failed', 'An empty key cannot be stored.');
    await this.call(() => this.entry(accountFor(environmentId, kind)).setPassword(value));
  }

  async delete(environmentId: string, kind: KeyKind): Promise<boolean> {
    return this.call(() => this.entry(accountFor(environmentId, kind)).deleteCredential());
  }

  async deleteAll(environmentId: string): Promise<void> {
    for (const kind of KEY_KINDS) await this.delete(environmentId, kind);
  }

  private entry(account: string): AsyncEntry {
    return new AsyncEntry(this.service, account, ENTRY_OPTIONS);
  }

  /** Runs a keychain operation; any platform failure becomes `keychain/unavailable`. */
  private async call<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  private unavailable(error: unknown): KeychainError {
    const reason = reasonOf(error);
    return new KeychainError(
      'keychain/unavailable',
      `The OS keychain is not available, so keys cannot be stored or read. ${platformHint(this.platform)}. Lapwing never stores keys anywhere else. (${reason})`,
      reason,
    );
  }
}
