import { type Static, type TSchema, Type } from 'typebox';

/**
 * Parts every body schema in contracts/ shares. A `*.schema.ts` file holds TypeBox schemas: the server validates and
 * documents with them; the web app imports these files only with `import type`, so TypeBox never enters its bundle.
 */

/** Every answer lists all its fields: anything else is a drift, not an extension. */
export const closed = { additionalProperties: false } as const;

/** A moment as the server writes it: ISO 8601 in UTC. */
export const Moment = Type.String({ format: 'date-time' });

/** The answer of a call that only confirms: `{ ok: true }`. */
export const OkSchema = Type.Object({ ok: Type.Literal(true) }, closed);
export type OkAnswer = Static<typeof OkSchema>;

/** Every refusal and failure: `{ error, message }` (spec 7), with what to fix under the message where there is more. */
export const ErrorSchema = Type.Object(
  {
    error: Type.String({ description: 'A stable code, e.g. invalid_request, unauthorized, rate_limited.' }),
    message: Type.String({ description: 'A sentence for people.' }),
    reason: Type.Optional(
      Type.String({
        description: 'What to fix, said under the message (e.g. why a pasted public key is refused).',
      }),
    ),
  },
  { ...closed, examples: [{ error: 'unauthorized', message: 'Please sign in.' }] },
);
export type ErrorAnswer = Static<typeof ErrorSchema>;

/** The value, or JSON null. */
export const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

// C0 controls and DEL. PostgreSQL text cannot hold NUL at all, and none of the others belongs in a name, an e-mail
// address, a password or a link: refusing them keeps such input a 400 instead of a database error.
export const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001f\\u007f]*$';

interface SafeStringOptions {
  maxLength: number;
  minLength?: number;
  description?: string;
}

/** A string a caller sends: without control characters, bounded in length. Every such string is one, so the rule has one home. */
export function safeString({ maxLength, minLength = 0, description }: SafeStringOptions) {
  return Type.String({
    minLength,
    maxLength,
    pattern: NO_CONTROL_CHARACTERS,
    ...(description && { description }),
  });
}

/** A database id: a positive PostgreSQL integer. */
export const idSchema = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
