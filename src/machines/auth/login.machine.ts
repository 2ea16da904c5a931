import { assertEvent, assign, setup } from 'xstate';
import { normalizeCode, RECOVERY_CODE, TOTP_CODE, twoFactorMessages } from '../../../contracts/two-factor.ts';
import { isChallenge, type PasswordStep, type SessionToken } from '../../api/auth.ts';
import { type RequestFailure, toRequestFailure } from '../common/request-error.ts';
import { authMessages, type FieldErrors, hasErrors, validateLogin, withoutError } from './auth-validation.ts';
import { passkeyAutofill, passkeySignIn, signIn, verifyCode } from './login.actors.ts';

type Field = 'email' | 'password' | 'code';

export interface LoginContext {
  /** Trimmed (spec 5), kept for the request. */
  credentials: { login: string; password: string };
  errors: FieldErrors<Field>;
  /** spec 3 and 8: the error code of the last failed sign-in. */
  errorCode: string | null;
  /** The password step's challenge, while the code step is open. */
  challenge: string | null;
  /** The code as sent, normalized. */
  code: string;
}

export type LoginEvent =
  | { type: 'login.submit'; email: string; password: string }
  | { type: 'login.edit'; field: Field }
  | { type: 'code.submit'; code: string }
  | { type: 'code.cancel' }
  | { type: 'passkey.start' };

const trimmed = (event: { email: string; password: string }) => ({
  email: event.email.trim(),
  password: event.password.trim(),
});

const codeIsWellFormed = (code: string) => {
  const normalized = normalizeCode(code);
  return TOTP_CODE.test(normalized) || RECOVERY_CODE.test(normalized);
};

/** spec 8: a rejected address or password reads 'Incorrect e-mail or password'; other failures say what happened. */
function failureText(failure: RequestFailure): string {
  if (['rate_limited', 'network_error', 'challenge_expired'].includes(failure.code)) return failure.message;
  return authMessages.incorrectCredentials;
}

/** The code step's message: the server's for a wrong code, a limit or a network fault. */
function codeFailureText(failure: RequestFailure): string {
  return failure.code === 'invalid_code' ? twoFactorMessages.invalidCode : failure.message;
}

/**
 * spec 4, Login: start, then success (token stored, go to My NODR) or failure (token cleared, error code kept).
 * With two-factor sign-in on, the password step answers a challenge and a code step follows.
 */
export const loginMachine = setup({
  types: { context: {} as LoginContext, events: {} as LoginEvent },
  actors: { signIn, verifyCode, passkeySignIn, passkeyAutofill },
  actions: {
    // Storage and navigation are the app's (STYLE 3): screens provide these with .provide().
    storeToken: (_, _params: { token: string }) => {},
    clearToken: () => {},
    goToMyNodr: () => {},
    keepCredentials: assign({
      credentials: ({ event }) => {
        assertEvent(event, 'login.submit');
        const { email, password } = trimmed(event);
        return { login: email, password };
      },
      errors: {},
    }),
    showErrors: assign({
      errors: ({ event }) => {
        assertEvent(event, 'login.submit');
        return validateLogin(trimmed(event));
      },
    }),
    clearFieldError: assign({
      errors: ({ context, event }) => {
        assertEvent(event, 'login.edit');
        return withoutError(context.errors, event.field);
      },
    }),
    keepFailure: assign((_, failure: RequestFailure) => ({
      errorCode: failure.code,
      errors: { form: failureText(failure) },
      challenge: null,
    })),
    clearFailure: assign({ errorCode: null, errors: {} }),
    keepChallenge: assign((_, params: { challenge: string }) => ({
      challenge: params.challenge,
      // The password is not needed any more; do not keep it around.
      credentials: { login: '', password: '' },
      errors: {},
    })),
    keepCode: assign({
      code: ({ event }) => {
        assertEvent(event, 'code.submit');
        return normalizeCode(event.code);
      },
      errors: {},
    }),
    showCodeError: assign({ errors: { code: twoFactorMessages.codeRequired } }),
    keepCodeFailure: assign((_, failure: RequestFailure) => ({
      errorCode: failure.code,
      errors: { code: codeFailureText(failure) },
    })),
    forgetChallenge: assign({ challenge: null, code: '', errorCode: null, errors: {} }),
    // A passkey's failure is said as it is: it is not a wrong e-mail or password.
    keepPasskeyFailure: assign((_, failure: RequestFailure) => ({
      errorCode: failure.code,
      errors: { form: failure.message },
    })),
    keepPasskeyCodeFailure: assign((_, failure: RequestFailure) => ({
      errorCode: failure.code,
      errors: { code: failure.message },
    })),
  },
  guards: {
    formIsValid: ({ event }) => event.type === 'login.submit' && !hasErrors(validateLogin(trimmed(event))),
    needsCode: (_, answer: PasswordStep) => isChallenge(answer),
    codeIsValid: ({ event }) => event.type === 'code.submit' && codeIsWellFormed(event.code),
    // A spent or expired challenge cannot take another code: back to the password step.
    challengeGone: (_, failure: RequestFailure) => failure.code === 'challenge_expired',
    signedIn: (_, answer: SessionToken | null) => answer !== null,
  },
}).createMachine({
  id: 'login',
  context: {
    credentials: { login: '', password: '' },
    errors: {},
    errorCode: null,
    challenge: null,
    code: '',
  },
  initial: 'idle',
  states: {
    idle: {
      // The browser's passkey autofill waits beside the form (where the browser has it; else it ends with null).
      invoke: {
        id: 'passkeyAutofill',
        src: 'passkeyAutofill',
        onDone: {
          guard: { type: 'signedIn', params: ({ event }) => event.output },
          target: 'success',
          actions: {
            type: 'storeToken',
            params: ({ event }) => ({ token: event.output?.access_token ?? '' }),
          },
        },
        // The wait has ended: the message stays until the person edits a field, which starts a new wait.
        onError: {
          target: 'failure',
          actions: { type: 'keepPasskeyFailure', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
      on: {
        'passkey.start': 'passkey',
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
        onDone: [
          {
            guard: { type: 'needsCode', params: ({ event }) => event.output },
            target: 'code',
            actions: {
              type: 'keepChallenge',
              params: ({ event }) => ({ challenge: isChallenge(event.output) ? event.output.challenge : '' }),
            },
          },
          {
            target: 'success',
            actions: {
              type: 'storeToken',
              params: ({ event }) => ({ token: isChallenge(event.output) ? '' : event.output.access_token }),
            },
          },
        ],
        onError: {
          target: 'failure',
          actions: [
            'clearToken',
            { type: 'keepFailure', params: ({ event }) => toRequestFailure(event.error) },
          ],
        },
      },
    },
    // The button "Sign in with a passkey": complete on its own, it is possession and a fingerprint or PIN at once.
    passkey: {
      invoke: {
        id: 'passkeySignIn',
        src: 'passkeySignIn',
        input: () => ({ challenge: null }),
        onDone: {
          target: 'success',
          actions: { type: 'storeToken', params: ({ event }) => ({ token: event.output.access_token }) },
        },
        onError: {
          target: 'idle',
          actions: { type: 'keepPasskeyFailure', params: ({ event }) => toRequestFailure(event.error) },
        },
      },
    },
    // The second step, a TOTP code or a recovery code for the challenge.
    code: {
      initial: 'idle',
      on: { 'code.cancel': { target: 'idle', actions: 'forgetChallenge' } },
      states: {
        idle: {
          on: {
            'code.submit': [
              { guard: 'codeIsValid', target: 'verifying', actions: 'keepCode' },
              { actions: 'showCodeError' },
            ],
            'login.edit': { actions: 'clearFieldError' },
            'passkey.start': 'passkey',
          },
        },
        // A passkey of this account stands in for the code; never counted against the code limits.
        passkey: {
          invoke: {
            id: 'passkeySignIn',
            src: 'passkeySignIn',
            input: ({ context }) => ({ challenge: context.challenge }),
            onDone: {
              target: '#login.success',
              actions: { type: 'storeToken', params: ({ event }) => ({ token: event.output.access_token }) },
            },
            onError: [
              {
                guard: { type: 'challengeGone', params: ({ event }) => toRequestFailure(event.error) },
                target: '#login.failure',
                actions: { type: 'keepFailure', params: ({ event }) => toRequestFailure(event.error) },
              },
              {
                target: 'idle',
                actions: {
                  type: 'keepPasskeyCodeFailure',
                  params: ({ event }) => toRequestFailure(event.error),
                },
              },
            ],
          },
        },
        verifying: {
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context }) => ({ challenge: context.challenge ?? '', code: context.code }),
            onDone: {
              target: '#login.success',
              actions: { type: 'storeToken', params: ({ event }) => ({ token: event.output.access_token }) },
            },
            onError: [
              {
                guard: { type: 'challengeGone', params: ({ event }) => toRequestFailure(event.error) },
                target: '#login.failure',
                actions: { type: 'keepFailure', params: ({ event }) => toRequestFailure(event.error) },
              },
              {
                target: 'idle',
                actions: { type: 'keepCodeFailure', params: ({ event }) => toRequestFailure(event.error) },
              },
            ],
          },
        },
      },
    },
    success: { type: 'final', entry: 'goToMyNodr' },
    // spec 5: 'Incorrect e-mail or password' stays until the person edits a field.
    failure: {
      on: {
        'passkey.start': { target: 'passkey', actions: 'clearFailure' },
        'login.edit': { target: 'idle', actions: 'clearFailure' },
        'login.submit': [
          { guard: 'formIsValid', target: 'submitting', actions: ['clearFailure', 'keepCredentials'] },
          { target: 'idle', actions: ['clearFailure', 'showErrors'] },
        ],
      },
    },
  },
});
