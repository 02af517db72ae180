/** The kinds of failure a service reports; the HTTP layer maps each to a status code. */
export type AppErrorKind =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported'
  | 'too_many_requests'
  | 'unavailable'
  /** An outside system (AMP, Plex ...) refused or failed; the message is its reason. */
  | 'bad_gateway';

/** A failure meant for the caller: its message is safe to show. `extra` fields are merged into the JSON body. */
export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Seconds to wait, for `too_many_requests`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
