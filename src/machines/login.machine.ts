import { assign, setup } from 'xstate';
import { authMessages, type FieldErrors, hasErrors, validateLogin, withoutError } from './auth-validation.ts';
import { signIn } from './login.actors.ts';
import { type RequestFailure, toRequestFailure } from './request-error.ts';

type Field = 'email' | 'password';

export interface LoginContext {
  /** Trimmed (spec 5), kept for the request. */
  credentials: { login: string; password: string };
  errors: FieldErrors<Field>;
  /** spec 3 and 8: the error code of the last failed sign-in. */
  errorCode: string | null;
}

export type LoginEvent =
  | { type: 'login.submit'; email: string; password: string }
  | { type: 'login.edit'; field: Field };

const trimmed = (event: { email: string; password: string }) => ({
  email: event.email.trim(),
  password: event.password.trim(),
});

/** spec 8: a rejected address or password reads 'Incorrect e-mail or password'; other failures say what happened. */
function failureText(failure: RequestFailure): string {
  if (failure.code === 'rate_limited' || failure.code === 'network_error') return failure.message;
  return authMessages.incorrectCredentials;
}

/** spec 4, Login: start, then success (token stored, go to My NODR) or failure (token cleared, error code kept). */
export const loginMachine = setup({
  types: { context: {} as LoginContext, events: {} as LoginEvent },
  actors: { signIn },
  actions: {
    // Storage and navigation are the app's (STYLE 3): screens provide these with .provide().
    storeToken: (_, _params: { token: string }) => {},
    clearToken: () => {},
    goToMyNodr: () => {},
    keepCredentials: assign({
      credentials: ({ event }) => {
        const { email, password } = trimmed(event as Extract<LoginEvent, { type: 'login.submit' }>);
        return { login: email, password };
      },
      errors: {},
    }),
    showErrors: assign({
      errors: ({ event }) => validateLogin(trimmed(event as Extract<LoginEvent, { type: 'login.submit' }>)),
    }),
    clearFieldError: assign({
      errors: ({ context, event }) =>
        withoutError(context.errors, (event as Extract<LoginEvent, { type: 'login.edit' }>).field),
    }),
    keepFailure: assign((_, failure: RequestFailure) => ({
      errorCode: failure.code,
      errors: { form: failureText(failure) },
    })),
    clearFailure: assign({ errorCode: null, errors: {} }),
  },
  guards: {
    formIsValid: ({ event }) => event.type === 'login.submit' && !hasErrors(validateLogin(trimmed(event))),
  },
}).createMachine({
  id: 'login',
  context: { credentials: { login: '', password: '' }, errors: {}, errorCode: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'login.submit': [
          { guard: 'formIsValid', target: 'submitting', actions: 'keepCredentials' },
          { actions: 'showErrors' },
        ],
        'login.edit': { actions: 'clearFieldError' },
      },
    },
    submitting: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => context.credentials,
        onDone: {
          target: 'success',
          actions: { type: 'storeToken', params: ({ event }) => ({ token: event.output.access_token }) },
        },
        onError: {
          target: 'failure',
          actions: [
            'clearToken',
            { type: 'keepFailure', params: ({ event }) => toRequestFailure(event.error) },
          ],
        },
      },
    },
    success: { type: 'final', entry: 'goToMyNodr' },
    // spec 5: 'Incorrect e-mail or password' stays until the person edits a field.
    failure: {
      on: {
        'login.edit': { target: 'idle', actions: 'clearFailure' },
        'login.submit': [
          { guard: 'formIsValid', target: 'submitting', actions: ['clearFailure', 'keepCredentials'] },
          { target: 'idle', actions: ['clearFailure', 'showErrors'] },
        ],
      },
    },
  },
});
