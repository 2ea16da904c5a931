import { assertEvent, assign, setup } from 'xstate';
import { normalizeCode, RECOVERY_CODE, TOTP_CODE, twoFactorMessages } from '../../../contracts/two-factor.ts';
import { authMessages, type FieldErrors, withoutError } from '../auth/auth-validation.ts';
import { type RequestFailure, toRequestFailure } from '../common/request-error.ts';
import { disable, enable, loadStatus, renewCodes, setUp } from './two-factor-settings.actors.ts';

export type TwoFactorField = 'code' | 'password';

export interface TwoFactorSettingsContext {
  /** The secret and otpauth URI to scan while setting up. */
  secret: string;
  uri: string;
  /** Shown once, right after turning on; forgotten when the person is done. */
  recoveryCodes: string[];
  code: string;
  password: string;
  errors: FieldErrors<TwoFactorField>;
  /** The last change that worked, for a status line: turned on or off, or new recovery codes made. */
  changed: 'on' | 'off' | 'codes' | null;
}

export type TwoFactorSettingsEvent =
  | { type: 'twoFactor.toggle' }
  | { type: 'twoFactor.start' }
  | { type: 'twoFactor.confirm'; code: string }
  | { type: 'twoFactor.finish' }
  | { type: 'twoFactor.turnOff' }
  | { type: 'twoFactor.disable'; password: string; code: string }
  | { type: 'twoFactor.newCodes' }
  | { type: 'twoFactor.renew'; password: string; code: string }
  | { type: 'twoFactor.edit'; field: TwoFactorField }
  | { type: 'twoFactor.cancel' }
  | { type: 'twoFactor.retry' };

/** A wrong code or password under its field; anything else (a limit, the network) for the whole form. */
function failureErrors(failure: RequestFailure): FieldErrors<TwoFactorField> {
  if (failure.code === 'invalid_code') return { code: twoFactorMessages.invalidCode };
  if (failure.code === 'incorrect_password') return { password: twoFactorMessages.incorrectPassword };
  return { form: failure.message };
}

const fresh = { code: '', password: '', errors: {} };

/** The two forms that take the password and a code: turning off, and making new recovery codes. */
const PASSWORD_AND_CODE = ['twoFactor.disable', 'twoFactor.renew'] as const;

/**
 * Settings: turn two-factor sign-in on (scan, confirm with a code, keep the recovery codes
 * shown once) or off (password and a code), or make new recovery codes (password and a code, shown once, the old
 * ones end). Collapsed like Change password; opening it loads the status.
 */
export const twoFactorSettingsMachine = setup({
  types: { context: {} as TwoFactorSettingsContext, events: {} as TwoFactorSettingsEvent },
  actors: { loadStatus, setUp, enable, disable, renewCodes },
  actions: {
    keepSetUp: assign((_, params: { secret: string; uri: string }) => ({ ...params, ...fresh })),
    keepCode: assign({
      code: ({ event }) => {
        assertEvent(event, 'twoFactor.confirm');
        return normalizeCode(event.code);
      },
      errors: {},
    }),
    keepPasswordAndCode: assign(({ event }) => {
      assertEvent(event, PASSWORD_AND_CODE);
      return { code: normalizeCode(event.code), password: event.password, errors: {} };
    }),
    showCodeError: assign({ errors: { code: twoFactorMessages.codeRequired } }),
    showPasswordAndCodeErrors: assign({
      errors: ({ event }) => {
        assertEvent(event, PASSWORD_AND_CODE);
        const { password, code } = event;
        const errors: FieldErrors<TwoFactorField> = {};
        if (password === '') errors.password = authMessages.required;
        const typed = normalizeCode(code);
        if (!TOTP_CODE.test(typed) && !RECOVERY_CODE.test(typed))
          errors.code = twoFactorMessages.codeRequired;
        return errors;
      },
    }),
    clearFieldError: assign({
      errors: ({ context, event }) => {
        assertEvent(event, 'twoFactor.edit');
        return withoutError(context.errors, event.field);
      },
    }),
    keepFailure: assign((_, failure: RequestFailure) => ({ errors: failureErrors(failure) })),
    keepRecoveryCodes: assign((_, params: { codes: string[] }) => ({
      recoveryCodes: params.codes,
      secret: '',
      uri: '',
      ...fresh,
    })),
    forget: assign({ secret: '', uri: '', recoveryCodes: [], ...fresh }),
    markOn: assign({ changed: 'on' as const }),
    markNewCodes: assign({ changed: 'codes' as const }),
    markOff: assign({ changed: 'off' as const }),
  },
  guards: {
    // Turning on takes an app code only: the recovery codes do not exist yet.
    appCode: ({ event }) => {
      // XState runs a guard only for its own event: this narrows the type (and throws on a wiring mistake).
      assertEvent(event, 'twoFactor.confirm');
      return TOTP_CODE.test(normalizeCode(event.code));
    },
    passwordAndCodeValid: ({ event }) => {
      assertEvent(event, PASSWORD_AND_CODE);
      if (event.password === '') return false;
      const typed = normalizeCode(event.code);
      return TOTP_CODE.test(typed) || RECOVERY_CODE.test(typed);
    },
    // The recovery codes are never shown again: the section stays open until the person says they kept them.
    noCodesShown: ({ context }) => context.recoveryCodes.length === 0,
    enabled: (_, status: { enabled: boolean }) => status.enabled,
  },
}).createMachine({
  id: 'twoFactorSettings',
  context: { secret: '', uri: '', recoveryCodes: [], code: '', password: '', errors: {}, changed: null },
  initial: 'collapsed',
  // Closing the section forgets whatever was typed or shown.
  on: { 'twoFactor.toggle': { guard: 'noCodesShown', target: '.collapsed', actions: 'forget' } },
  states: {
    collapsed: { on: { 'twoFactor.toggle': { target: 'loading', actions: 'forget' } } },
    loading: {
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          { guard: { type: 'enabled', params: ({ event }) => event.output }, target: 'on' },
          { target: 'off' },
        ],
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'twoFactor.retry': 'loading' } },
    off: {
      initial: 'idle',
      states: {
        idle: { on: { 'twoFactor.start': { target: 'settingUp', actions: 'forget' } } },
        settingUp: {
          invoke: {
            id: 'setUp',
            src: 'setUp',
            onDone: {
              target: 'scanning',
              actions: { type: 'keepSetUp', params: ({ event }) => event.output },
            },
            onError: {
              target: 'idle',
              actions: { type: 'keepFailure', params: ({ event }) => toRequestFailure(event.error) },
            },
          },
        },
        scanning: {
          on: {
            'twoFactor.confirm': [
              { guard: 'appCode', target: 'enabling', actions: 'keepCode' },
              { actions: 'showCodeError' },
            ],
            'twoFactor.edit': { actions: 'clearFieldError' },
            'twoFactor.cancel': { target: 'idle', actions: 'forget' },
          },
        },
        enabling: {
          invoke: {
            id: 'enable',
            src: 'enable',
            input: ({ context }) => ({ code: context.code }),
            onDone: {
              target: '#twoFactorSettings.showingCodes',
              actions: [
                {
                  type: 'keepRecoveryCodes',
                  params: ({ event }) => ({ codes: event.output.recovery_codes }),
                },
                'markOn',
              ],
            },
            onError: {
              target: 'scanning',
              actions: { type: 'keepFailure', params: ({ event }) => toRequestFailure(event.error) },
            },
          },
        },
      },
    },
    // The recovery codes (on turning on, or new ones) are shown this once; 'Done' forgets them.
    showingCodes: {
      on: {
        'twoFactor.finish': { target: 'on', actions: 'forget' },
      },
    },
    on: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'twoFactor.turnOff': { target: 'confirming', actions: 'forget' },
            'twoFactor.newCodes': { target: 'confirmingNewCodes', actions: 'forget' },
          },
        },
        confirming: {
          on: {
            'twoFactor.disable': [
              { guard: 'passwordAndCodeValid', target: 'disabling', actions: 'keepPasswordAndCode' },
              { actions: 'showPasswordAndCodeErrors' },
            ],
            'twoFactor.edit': { actions: 'clearFieldError' },
            'twoFactor.cancel': { target: 'idle', actions: 'forget' },
          },
        },
        disabling: {
          invoke: {
            id: 'disable',
            src: 'disable',
            input: ({ context }) => ({ password: context.password, code: context.code }),
            onDone: { target: '#twoFactorSettings.off', actions: ['forget', 'markOff'] },
            onError: {
              target: 'confirming',
              actions: { type: 'keepFailure', params: ({ event }) => toRequestFailure(event.error) },
            },
          },
        },
        // New recovery codes take the password and a code, as turning off does: they replace the old ones.
        confirmingNewCodes: {
          on: {
            'twoFactor.renew': [
              { guard: 'passwordAndCodeValid', target: 'renewing', actions: 'keepPasswordAndCode' },
              { actions: 'showPasswordAndCodeErrors' },
            ],
            'twoFactor.edit': { actions: 'clearFieldError' },
            'twoFactor.cancel': { target: 'idle', actions: 'forget' },
          },
        },
        renewing: {
          invoke: {
            id: 'renewCodes',
            src: 'renewCodes',
            input: ({ context }) => ({ password: context.password, code: context.code }),
            onDone: {
              target: '#twoFactorSettings.showingCodes',
              actions: [
                {
                  type: 'keepRecoveryCodes',
                  params: ({ event }) => ({ codes: event.output.recovery_codes }),
                },
                'markNewCodes',
              ],
            },
            onError: {
              target: 'confirmingNewCodes',
              actions: { type: 'keepFailure', params: ({ event }) => toRequestFailure(event.error) },
            },
          },
        },
      },
    },
  },
});
