import { type TSchema, Type } from 'typebox';
import { ErrorSchema, OkSchema } from '../../contracts/wire.schema.ts';

/**
 * Answer schemas every route shares: the error body of spec 7 and `{ ok: true }`. A route's `response`
 * is `answers({ 200: X })`: its success bodies and the error body for every 4xx and 5xx.
 */

/** Every refusal and failure (spec 7, server/plugins/error-handler.ts): its schema is the contract's. */
export const ErrorBody = ErrorSchema;

/** `{ ok: true }`, the answer of a call that only confirms: its schema is the contract's. */
export const OkBody = OkSchema;

/** The `response` of a route: its success bodies by status, and `{ error, message }` for the rest. */
export function answers<S extends Record<number, TSchema>>(success: S) {
  return { ...success, '4xx': ErrorBody, '5xx': ErrorBody };
}

/** A body that is not JSON (a file, a script): documented by its media type. */
export function fileAnswer(mediaType: string, description: string) {
  return Type.Unsafe<string>({ description, content: { [mediaType]: { schema: { type: 'string' } } } });
}
