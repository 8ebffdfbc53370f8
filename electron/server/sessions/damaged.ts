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
    return !code.startsWith('SQLITE_') || code === 'SQLITE_CORRUPT';
  }

  static describe(error: unknown): string {
    if (error instanceof SessionDamagedError) return error.reason;
    return error instanceof Error ? error.message : String(error);
  }
}
