/** A session whose stored journal cannot be replayed: it answers this error; other sessions are unaffected. */
import { ServiceError } from '../service-error';

export class SessionDamagedError extends ServiceError {
  override readonly name = 'SessionDamagedError';

  constructor(
    readonly sessionId: string,
    readonly reason: string,
  ) {
    super(
      500,
      'Internal Server Error',
      `Session ${sessionId} cannot be resumed: its stored journal is damaged (${reason}). Start a new session; the server's log reports the damage.`,
    );
  }

  /** Whether a failed rebuild means damaged data (bad entries, a corrupt page) rather than a failing disk. */
  static isDamage(error: unknown): boolean {
    if (error instanceof SessionDamagedError) return true;
    const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
    if (code.startsWith('SQLITE_')) return code === 'SQLITE_CORRUPT';
    // PostgreSQL's SQLSTATE (a lost connection, a shutdown: try again) and Node's socket errors are not damage.
    if (/^[0-9A-Z]{5}$/.test(code)) return code === 'XX001' || code === 'XX002';
    return !/^E[A-Z]+$/.test(code);
  }

  static describe(error: unknown): string {
    if (error instanceof SessionDamagedError) return error.reason;
    return error instanceof Error ? error.message : String(error);
  }
}
