import { assertEvent, assign, setup } from 'xstate';
import { isChallenge, type PasswordStep, type SetNewPasswordInput } from '../../api/auth.ts';
import { toRequestFailure } from '../common/request-error.ts';
import { type FieldErrors, hasErrors, validateNewPassword, withoutError } from './auth-validation.ts';
import { savePassword } from './set-password.actors.ts';

/*
 * Create password (registration path) and reset password (recovery path) are one machine: spec 2 and 5 give them
 * the same fields, rules and call (guest/set-new-password, which signs in). They differ only in where they go
 * next, which the screen provides as `goNext` (/createAccount or /myNodr).
 */

type Field = 'password' | 'confirm';

export interface SetPasswordContext {
  /** The link's hash, from the route. */
  hash: string;
  passwords: { password: string; confirm: string };
  errors: FieldErrors<Field>;
}

type SubmitEvent = { type: 'password.submit'; password: string; confirm: string };
export type SetPasswordEvent = SubmitEvent | { type: 'password.edit'; field: Field };

const trimmed = (event: SetPasswordEvent) => {
  assertEvent(event, 'password.submit');
  return { password: event.password.trim(), confirm: event.confirm.trim() };
};

export const setPasswordMachine = setup({
  types: {
    context: {} as SetPasswordContext,
    events: {} as SetPasswordEvent,
    input: {} as { hash: string },
  },
  actors: { savePassword },
  actions: {
    // Storage and navigation are the app's (STYLE 3).
    storeToken: (_, _params: { token: string }) => {},
    goNext: () => {},
    goToSignIn: () => {},
    keepPasswords: assign({ passwords: ({ event }) => trimmed(event), errors: {} }),
    showErrors: assign({ errors: ({ event }) => validateNewPassword(trimmed(event)) }),
    clearFieldError: assign({
      errors: ({ context, event }) => {
        assertEvent(event, 'password.edit');
        return withoutError(context.errors, event.field);
      },
    }),
    showFailure: assign((_, message: string) => ({ errors: { form: message } })),
  },
  guards: {
    needsCode: (_, answer: PasswordStep) => isChallenge(answer),
    formIsValid: ({ event }) =>
      event.type === 'password.submit' && !hasErrors(validateNewPassword(trimmed(event))),
  },
}).createMachine({
  id: 'setPassword',
  context: ({ input }) => ({ hash: input.hash, passwords: { password: '', confirm: '' }, errors: {} }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'password.submit': [
          { guard: 'formIsValid', target: 'saving', actions: 'keepPasswords' },
          { actions: 'showErrors' },
        ],
        'password.edit': { actions: 'clearFieldError' },
      },
    },
    saving: {
      invoke: {
        id: 'savePassword',
        src: 'savePassword',
        input: ({ context }): SetNewPasswordInput => ({ hash: context.hash, ...context.passwords }),
        onDone: [
          { guard: { type: 'needsCode', params: ({ event }) => event.output }, target: 'codeNeeded' },
          {
            target: 'signedIn',
            actions: {
              type: 'storeToken',
              params: ({ event }) => ({ token: isChallenge(event.output) ? '' : event.output.access_token }),
            },
          },
        ],
        // e.g. an expired or used link: the server's message says so.
        onError: {
          target: 'editing',
          actions: { type: 'showFailure', params: ({ event }) => toRequestFailure(event.error).message },
        },
      },
    },
    signedIn: { type: 'final', entry: 'goNext' },
    // The password is saved, but with two-factor sign-in on the code is still needed.
    codeNeeded: { type: 'final', entry: 'goToSignIn' },
  },
});
