import { assertEvent, assign, setup } from 'xstate';
import type { RegisterInput } from '../../api/auth.ts';
import { toRequestFailure } from '../common/request-error.ts';
import { type FieldErrors, hasErrors, validateEmail, withoutError } from './auth-validation.ts';
import { registerAccount } from './registration.actors.ts';

/*
 * spec 4, Registration path: register -> pending -> create password -> create account -> My NODR. The path is cut
 * by an e-mail (the create-password link opens a new page), so it is three machines, one per form, each ending by
 * going to the next step: this one (register -> pending), set-password.machine.ts (create password, shared with
 * reset password) and create-account.machine.ts (create account -> My NODR).
 */

export interface RegistrationContext {
  request: RegisterInput;
  errors: FieldErrors<'email'>;
}

type SubmitEvent = { type: 'registration.submit'; email: string; offer: boolean; subscription: boolean };
export type RegistrationEvent = SubmitEvent | { type: 'registration.edit'; field: 'email' };

const requestOf = (event: RegistrationEvent): RegisterInput => {
  assertEvent(event, 'registration.submit');
  return { login: event.email.trim(), offer: event.offer, subscription: event.subscription };
};

export const registrationMachine = setup({
  types: { context: {} as RegistrationContext, events: {} as RegistrationEvent },
  actors: { registerAccount },
  actions: {
    // Navigation is the app's (STYLE 3).
    goToPendingRegistration: () => {},
    keepRequest: assign({ request: ({ event }) => requestOf(event), errors: {} }),
    showErrors: assign({
      errors: ({ event }) => validateEmail({ email: requestOf(event).login }),
    }),
    clearFieldError: assign({ errors: ({ context }) => withoutError(context.errors, 'email') }),
    showFailure: assign((_, message: string) => ({ errors: { form: message } })),
  },
  guards: {
    // spec 2: no account without the terms accepted (the screen also disables the button).
    canRegister: ({ event }) =>
      event.type === 'registration.submit' &&
      event.subscription &&
      !hasErrors(validateEmail({ email: event.email.trim() })),
  },
}).createMachine({
  id: 'registration',
  context: { request: { login: '', offer: true, subscription: true }, errors: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'registration.submit': [
          { guard: 'canRegister', target: 'sending', actions: 'keepRequest' },
          { actions: 'showErrors' },
        ],
        'registration.edit': { actions: 'clearFieldError' },
      },
    },
    sending: {
      invoke: {
        id: 'registerAccount',
        src: 'registerAccount',
        input: ({ context }) => context.request,
        onDone: 'pending',
        onError: {
          target: 'editing',
          actions: { type: 'showFailure', params: ({ event }) => toRequestFailure(event.error).message },
        },
      },
    },
    // spec 2: the person is asked to confirm the e-mail; the path goes on from the link in it.
    pending: { type: 'final', entry: 'goToPendingRegistration' },
  },
});
