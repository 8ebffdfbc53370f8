/** Store failures with stable codes, mapped one to one to Result envelope errors. */
import type { ErrorCode } from '../../common/ipc';

/** A repository refused a write or could not find a record; nothing was changed. */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** Whether `error` is SQLite's unique-constraint failure. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}
