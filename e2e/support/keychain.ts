// Specs that store keys need the OS keychain (gnome-keyring under scripts/with-keyring.sh).
import { OsKeychain } from '../../electron/keychain';
import { test } from './fixtures';

/** Skips the running test, saying why in the output, when there is no OS keychain to keep keys in. */
export async function skipWithoutKeychain(what: string): Promise<void> {
  const status = await new OsKeychain().status();
  if (status.available) return;
  const reason = `the OS keychain is unavailable (${status.message ?? 'no Secret Service'}); run under scripts/with-keyring.sh`;
  console.log(`[e2e] skipped ${what}: ${reason}`);
  test.skip(true, reason);
}
