import { type TSchema, Type } from 'typebox';

/**
 * Parts every body schema in contracts/ shares. A `*.schema.ts` file holds TypeBox schemas: the server validates and
 * documents with them; the web app imports these files only with `import type`, so TypeBox never enters its bundle.
 */

/** Every answer lists all its fields: anything else is a drift, not an extension. */
export const closed = { additionalProperties: false } as const;

/** A moment as the server writes it: ISO 8601 in UTC. */
export const Moment = Type.String({ format: 'date-time' });

/** The value, or JSON null. */
export const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
