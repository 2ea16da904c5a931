import type { FastifyRequest } from 'fastify';
import { type Static, type TProperties, Type } from 'typebox';
import { idSchema, NO_CONTROL_CHARACTERS, safeString } from '../../contracts/wire.schema.ts';

export { idSchema, safeString };

/**
 * Building blocks for route schemas, in TypeBox: each is the JSON Schema Fastify
 * validates with and the OpenAPI document shows, and `Static<>` of it is the handler's type. Every string a route
 * takes is a `safeString` (contracts/wire.schema.ts, so a body schema in contracts/ keeps the rule too); every body is a `strictObject`, so
 * unknown fields are refused. A field is required unless wrapped in `Type.Optional`.
 */

/** An object schema that refuses fields it does not list (a typo or a stray field is a 400, not ignored). */
export function strictObject<P extends TProperties>(
  properties: P,
  options: { description?: string; examples?: unknown[] } = {},
) {
  return Type.Object(properties, { additionalProperties: false, ...options });
}

/**
 * A strict object that may also come as JSON `null` (a form or JSON body of "nothing"). Kept as one `type` list
 * rather than `anyOf`, so a bad field is reported on the field, as before.
 */
export function nullableStrictObject<P extends TProperties>(properties: P) {
  const object = strictObject(properties);
  return Type.Unsafe<Static<typeof object> | null>({ ...object, type: ['object', 'null'] });
}

/** Whether a failed `pattern` is the control-character rule, so the error handler can say so in words. */
export function isSafeStringPattern(pattern: string): boolean {
  return pattern === NO_CONTROL_CHARACTERS;
}

/** The body of a call that takes none (spec 7 "none"): nothing, an empty form or `{}`. */
export const noBody = nullableStrictObject({});

/** A preValidation step for calls whose empty payload may arrive as no body at all: read it as `{}`. */
export async function emptyBodyWhenNone(request: FastifyRequest): Promise<void> {
  if (request.body === undefined) request.body = {};
}
