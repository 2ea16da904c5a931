import { assertEvent, assign, setup } from 'xstate';
import { toRequestFailure } from '../common/request-error.ts';
import { type FieldErrors, hasErrors, validateEmail, withoutError } from './auth-validation.ts';
import { requestRecovery } from './password-recovery.actors.ts';

/*
 * spec 2, password recovery: forgot password -> sent (passwordRecovery page). The second half, reset password from
 * the e-mail link -> signed in -> My NODR, is set-password.machine.ts, shared with create password: same rules, same
 * call.
 */

export interface PasswordRecoveryContext {
  login: string;
  errors: FieldErrors<'email'>;
}

type SubmitEvent = { type: 'recovery.submit'; email: string };
export type PasswordRecoveryEvent = SubmitEvent | { type: 'recovery.edit'; field: 'email' };

const emailOf = (event: PasswordRecoveryEvent) => {
  assertEvent(event, 'recovery.submit');
  return { email: event.email.trim() };
};

export const passwordRecoveryMachine = setup({
  types: { context: {} as PasswordRecoveryContext, events: {} as PasswordRecoveryEvent },
  actors: { requestRecovery },
  actions: {
    // Navigation is the app's (STYLE 3).
    goToPasswordRecovery: () => {},
    keepLogin: assign({ login: ({ event }) => emailOf(event).email, errors: {} }),
    showErrors: assign({ errors: ({ event }) => validateEmail(emailOf(event)) }),
    clearFieldError: assign({ errors: ({ context }) => withoutError(context.errors, 'email') }),
    showFailure: assign((_, message: string) => ({ errors: { form: message } })),
  },
  guards: {
    formIsValid: ({ event }) => event.type === 'recovery.submit' && !hasErrors(validateEmail(emailOf(event))),
  },
}).createMachine({
  id: 'passwordRecovery',
  context: { login: '', errors: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'recovery.submit': [
          { guard: 'formIsValid', target: 'sending', actions: 'keepLogin' },
          { actions: 'showErrors' },
        ],
        'recovery.edit': { actions: 'clearFieldError' },
      },
    },
    sending: {
      invoke: {
        id: 'requestRecovery',
        src: 'requestRecovery',
        input: ({ context }) => ({ login: context.login }),
        onDone: 'sent',
        onError: {
          target: 'editing',
          actions: { type: 'showFailure', params: ({ event }) => toRequestFailure(event.error).message },
        },
      },
    },
    // spec 2: the same page whether or not an account was found (no enumeration).
    sent: { type: 'final', entry: 'goToPasswordRecovery' },
  },
});
