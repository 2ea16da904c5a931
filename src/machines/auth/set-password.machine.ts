import { assertEvent, assign, setup } from 'xstate';
import {
  LINK_GONE,
  type LinkCheckInput,
  type PasswordLinkPurpose,
} from '../../../contracts/password-link.ts';
import { isChallenge, type PasswordStep, type SetNewPasswordInput } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { toRequestFailure } from '../common/request-error.ts';
import { type FieldErrors, hasErrors, validateNewPassword, withoutError } from './auth-validation.ts';
import { checkLink, savePassword } from './set-password.actors.ts';

/*
 * Create password (registration path) and reset password (recovery path) are one machine: spec 2 and 5 give them
 * the same fields, rules and call (guest/set-new-password, which signs in). They differ only in where they go
 * next, which the screen provides as `goNext` (/createAccount or /myNodr), and in the purpose of their link, which
 * is checked as the page opens so that a dead link shows 'This link is expired' before anyone types a password.
 */

type Field = 'password' | 'confirm';

export interface SetPasswordContext {
  /** The link's hash, from the route. */
  hash: string;
  purpose: PasswordLinkPurpose;
  passwords: { password: string; confirm: string };
  errors: FieldErrors<Field>;
}

type SubmitEvent = { type: 'password.submit'; password: string; confirm: string };
export type SetPasswordEvent = SubmitEvent | { type: 'password.edit'; field: Field } | { type: 'link.retry' };

const trimmed = (event: SetPasswordEvent) => {
  assertEvent(event, 'password.submit');
  return { password: event.password.trim(), confirm: event.confirm.trim() };
};

export const setPasswordMachine = setup({
  types: {
    context: {} as SetPasswordContext,
    events: {} as SetPasswordEvent,
    input: {} as LinkCheckInput,
  },
  actors: { checkLink, savePassword },
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
    clearErrors: assign({ errors: {} }),
  },
  guards: {
    linkIsGone: (_, { error }: { error: unknown }) =>
      error instanceof ApiError && error.code === LINK_GONE.error,
    needsCode: (_, answer: PasswordStep) => isChallenge(answer),
    formIsValid: ({ event }) =>
      event.type === 'password.submit' && !hasErrors(validateNewPassword(trimmed(event))),
  },
}).createMachine({
  id: 'setPassword',
  context: ({ input }) => ({
    hash: input.hash,
    purpose: input.purpose,
    passwords: { password: '', confirm: '' },
    errors: {},
  }),
  initial: 'checking',
  states: {
    // spec 2: the link is checked (not used) as the page opens; 'Your e-mail is confirmed' waits for the answer.
    checking: {
      entry: 'clearErrors',
      invoke: {
        id: 'checkLink',
        src: 'checkLink',
        input: ({ context }): LinkCheckInput => ({ hash: context.hash, purpose: context.purpose }),
        onDone: { target: 'editing' },
        onError: [
          {
            guard: { type: 'linkIsGone', params: ({ event }) => ({ error: event.error }) },
            target: 'expired',
          },
          {
            target: 'checkFailed',
            actions: { type: 'showFailure', params: ({ event }) => toRequestFailure(event.error).message },
          },
        ],
      },
    },
    // The server could not say (offline, a 5xx): the link may still work, so the person can ask again.
    checkFailed: { on: { 'link.retry': 'checking' } },
    // spec 2 Result pages: a used, expired, revoked or unknown link.
    expired: { type: 'final' },
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
