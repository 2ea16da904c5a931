import {
  disableTwoFactor,
  enableTwoFactor,
  newRecoveryCodes,
  type RecoveryCodes,
  setUpTwoFactor,
  type TwoFactorSetUp,
  twoFactorStatus,
} from '../../api/two-factor.ts';
import { fromRequest } from '../common/from-request.ts';

/** GET v1/two-factor */
export const loadStatus = fromRequest<{ enabled: boolean }>(({ signal }) => twoFactorStatus(signal));

/** POST v1/two-factor/setup */
export const setUp = fromRequest<TwoFactorSetUp>(({ signal }) => setUpTwoFactor(signal));

/** POST v1/two-factor/enable */
export const enable = fromRequest<RecoveryCodes, { code: string }>(({ input, signal }) =>
  enableTwoFactor(input.code, signal),
);

/** POST v1/two-factor/disable */
export const disable = fromRequest<unknown, { password: string; code: string }>(({ input, signal }) =>
  disableTwoFactor(input, signal),
);

/** POST v1/two-factor/recovery-codes */
export const renewCodes = fromRequest<RecoveryCodes, { password: string; code: string }>(
  ({ input, signal }) => newRecoveryCodes(input, signal),
);
