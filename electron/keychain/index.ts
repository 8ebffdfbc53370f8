/** API, evidence and interaction keys in the OS keychain. */
export * from './keychain';
export { OsKeychain } from './os-keychain';
