import { type TSchema, Type } from 'typebox';
import { OkSchema } from '../../contracts/wire.schema.ts';

/**
 * Answer schemas every route shares: the error body of spec 7 and `{ ok: true }`. A route's `response`
 * is `answers({ 200: X })`: its success bodies and the error body for every 4xx and 5xx.
 */

/** Every refusal and failure: `{ error, message }` (spec 7, server/plugins/error-handler.ts). */
export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'A stable code, e.g. invalid_request, unauthorized, rate_limited.' }),
    message: Type.String({ description: 'A sentence for people.' }),
    reason: Type.Optional(
      Type.String({
        description: 'What to fix, said under the message (e.g. why a pasted public key is refused).',
      }),
    ),
  },
  { additionalProperties: false, examples: [{ error: 'unauthorized', message: 'Please sign in.' }] },
);

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
