import { type Static, Type } from 'typebox';
import { closed } from './wire.schema.ts';

/** The answers of Settings' two-factor calls (docs/api-auth.md, "Two-factor sign-in"; rules in two-factor.ts). */

/** GET v1/two-factor. */
export const TwoFactorStatusSchema = Type.Object({ enabled: Type.Boolean() }, closed);
export type TwoFactorStatusBody = Static<typeof TwoFactorStatusSchema>;

/** POST v1/two-factor/setup: a new secret to scan; it takes effect once enabled with a code. */
export const TwoFactorSetUpSchema = Type.Object(
  {
    secret: Type.String({ description: 'Base32' }),
    uri: Type.String({ description: 'otpauth:// for a QR code' }),
  },
  closed,
);
export type TwoFactorSetUpBody = Static<typeof TwoFactorSetUpSchema>;

/** POST v1/two-factor/enable and v1/two-factor/recovery-codes: the recovery codes, shown once. */
export const RecoveryCodesSchema = Type.Object({ recovery_codes: Type.Array(Type.String()) }, closed);
export type RecoveryCodesBody = Static<typeof RecoveryCodesSchema>;
