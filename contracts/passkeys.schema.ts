import { type Static, Type } from 'typebox';
import { closed, Moment, nullable } from './wire.schema.ts';

/** A passkey as Settings lists it (the calls, limits and texts: contracts/passkeys.ts). */
export const PasskeySchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    createdAt: Moment,
    lastUsedAt: nullable(
      Type.String({ format: 'date-time', description: 'null when never used to sign in' }),
    ),
  },
  closed,
);
export type PasskeyBody = Static<typeof PasskeySchema>;
