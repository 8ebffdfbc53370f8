/**
 * A server-side failure whose message is written for the client: the HTTP error handler sends
 * it as is, in the platform's `{"error", "message"}` form, with its own status (a full disk is a
 * 503 "retry later"; a damaged session a 500 that says what happened).
 */
export class ServiceError extends Error {
  constructor(
    readonly statusCode: number,
    readonly title: string,
    message: string,
    /** Sent as `Retry-After` when the failure is expected to pass. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
