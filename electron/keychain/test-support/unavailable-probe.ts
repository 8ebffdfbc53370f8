// Child process of os-keychain.test.ts: runs with an unreachable D-Bus and prints what the wrapper reports.
import { KeychainError, OsKeychain } from '../index';

const keychain = new OsKeychain();
const status = await keychain.status();
let setError: { code: string; message: string } | null = null;
try {
  await keychain.set('probe-env', 'api', 'must-not-be-stored');
} catch (error) {
  if (error instanceof KeychainError) setError = { code: error.code, message: error.message };
  else throw error;
}
process.stdout.write(JSON.stringify({ status, setError }));
