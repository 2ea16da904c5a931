/**
 * An error with an HTTP status that the server answers as `{ error, message }` (spec 7).
 * Throw it from services; the error handler turns it into the response.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Said under the message when the message alone cannot tell a person what to fix (e.g. a pasted key). */
    readonly reason?: string,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, reason?: string) =>
  new HttpError(400, code, message, reason);
export const unauthorized = (message = 'Please sign in.') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);
export const conflict = (code: string, message: string) => new HttpError(409, code, message);
export const tooManyRequests = (message = 'Too many attempts. Please wait a moment and try again.') =>
  new HttpError(429, 'rate_limited', message);
