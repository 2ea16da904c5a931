/**
 * An error with an HTTP status that the server answers as `{ error, message }` (spec 7).
 * Throw it from services; the error handler turns it into the response.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** What the error adds beyond `{ error, message }`. */
    readonly extra: {
      /** Sent as `Retry-After` (RFC 9110): when a refused client may try again. */
      retryAfterSeconds?: number;
      /** Said under the message when the message alone cannot tell a person what to fix (e.g. a pasted key). */
      reason?: string;
    } = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, reason?: string) =>
  new HttpError(400, code, message, { reason });
export const unauthorized = (message = 'Please sign in.') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);
export const conflict = (code: string, message: string) => new HttpError(409, code, message);
const TOO_MANY = 'Too many attempts. Please wait a moment and try again.';
export const tooManyRequests = (message = TOO_MANY) => new HttpError(429, 'rate_limited', message);
/** A 429 that says, in whole seconds (at least 1), when the limit lets the client in again. */
export const retryLater = (retryAfterMs: number, message = TOO_MANY) =>
  new HttpError(429, 'rate_limited', message, {
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  });
