/**
 * A non-OK answer from the API. Its message follows SPEC section 7 exactly:
 * `${status}: ${body text}` (or the status text when the body is empty).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
  }

  /** The parsed JSON body, or null when the body is not a JSON object. */
  get body(): Record<string, unknown> | null {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  }

  /** The server's `{ message }` text when it sent one (DESIGN: every error body is JSON with a message). */
  get serverMessage(): string | null {
    const message = this.body?.message;
    return typeof message === 'string' && message.trim() !== '' ? message : null;
  }
}

/** The server's own message from any thrown value, or the fallback text. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}

/** True when fetch itself failed (offline, DNS, connection refused) rather than the server answering. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}
