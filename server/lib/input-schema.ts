import type { FastifyRequest } from 'fastify';

/**
 * Building blocks for route schemas (issue 10 section 6). Every string a route takes is a `safeString`, so the rule
 * on control characters has one home; every body is a `strictObject`, so unknown fields are refused.
 */

// C0 controls and DEL. PostgreSQL text cannot hold NUL at all, and none of the others belongs in a name, an e-mail
// address, a password or a link: refusing them here keeps such input a 400 instead of a database error.
const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001f\\u007f]*$';

export interface SafeStringOptions {
  maxLength: number;
  minLength?: number;
}

/** A JSON Schema string without control characters, bounded in length. */
export function safeString({ maxLength, minLength = 0 }: SafeStringOptions) {
  return { type: 'string', minLength, maxLength, pattern: NO_CONTROL_CHARACTERS } as const;
}

/** A database id: a positive PostgreSQL integer. */
export const idSchema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

/** An object schema that refuses fields it does not list (a typo or a stray field is a 400, not ignored). */
export function strictObject<P extends Record<string, unknown>, R extends readonly (keyof P & string)[] = []>(
  properties: P,
  required?: R,
) {
  return {
    type: 'object',
    additionalProperties: false,
    properties,
    ...(required && required.length > 0 ? { required } : {}),
  } as const;
}

/** Whether a failed `pattern` is the control-character rule, so the error handler can say so in words. */
export function isSafeStringPattern(pattern: string): boolean {
  return pattern === NO_CONTROL_CHARACTERS;
}

/** The body of a call that takes none (spec 7 "none"): nothing, an empty form or `{}`. */
export const noBody = { type: ['object', 'null'], additionalProperties: false, properties: {} } as const;

/** A preValidation step for calls whose empty payload may arrive as no body at all: read it as `{}`. */
export async function emptyBodyWhenNone(request: FastifyRequest): Promise<void> {
  if (request.body === undefined) request.body = {};
}
