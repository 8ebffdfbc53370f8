/**
 * The keychain port: API, evidence and interaction keys per environment (and the Local environment's
 * language-model provider key), in the OS keychain.
 *
 * Values go in through `set` and out only through `get`, which the workbench calls to put a key
 * into a Decision API request header. Nothing here ever falls back to another storage: when the
 * keychain cannot be used, every call fails with `keychain/unavailable`.
 */
import type { KeychainStatus, KeyKind } from '../common/ipc';

/** The keychain service name every Lapwing key is stored under. */
export const KEYCHAIN_SERVICE = 'lapwing';

/** Every key kind, in display order. */
export const KEY_KINDS: readonly KeyKind[] = ['api', 'evidence', 'interaction', 'provider'];

/** The keychain account of one key: `<environmentId>:<kind>`. */
export function accountFor(environmentId: string, kind: KeyKind): string {
  return `${environmentId}:${kind}`;
}

type KeychainErrorCode = 'keychain/unavailable' | 'keychain/failed';

/** A keychain failure, with a message that can be shown to the user as is. */
export class KeychainError extends Error {
  override readonly name = 'KeychainError';
  constructor(
    readonly code: KeychainErrorCode,
    message: string,
    /** The platform's own words, for logs. */
    readonly reason?: string,
  ) {
    super(message);
  }
}

/** Keys per environment in a secure store. */
export interface Keychain {
  /** Whether the keychain can be used now, and why not in plain words. Never throws. */
  status(): Promise<KeychainStatus>;
  has(environmentId: string, kind: KeyKind): Promise<boolean>;
  /** The key, or null when none is set. Only for building request headers on the Node side. */
  get(environmentId: string, kind: KeyKind): Promise<string | null>;
  set(environmentId: string, kind: KeyKind, value: string): Promise<void>;
  /** True when a key was deleted, false when there was none. */
  delete(environmentId: string, kind: KeyKind): Promise<boolean>;
  /** Deletes every key of an environment (when the environment is deleted). */
  deleteAll(environmentId: string): Promise<void>;
}
