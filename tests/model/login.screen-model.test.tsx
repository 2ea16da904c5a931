import { screen } from '@testing-library/react';
import { describe, expect, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { PASSKEY_ERRORS } from '../../contracts/passkeys.ts';
import { twoFactorMessages } from '../../contracts/two-factor.ts';
import { ApiError, NetworkError } from '../../src/api/client.ts';
import { tokenStore } from '../../src/api/token-store.ts';
import { loginMachine } from '../../src/machines/auth/login.machine.ts';
import { LoginScreen } from '../../src/screens/auth/login-screen.tsx';
import { renderAt, sessionToken } from '../fakes/auth-screens.tsx';
import { actorDone, actorError } from './machine-model.ts';
import { answerFor } from './pending-network.ts';
import { describeScreenModel, type View } from './screen-model.ts';

/**
 * The browser's passkey part, which jsdom lacks, faked at @simplewebauthn/browser (the boundary src/api/passkeys.ts
 * goes through). The autofill's wait is held at its first question (does the browser offer passkeys in the e-mail
 * field?) until a path's passkeyAutofill step answers yes, so a form at rest makes no call; the dialog then gives
 * back a passkey at once, as when the person picks one.
 */
const browser = vi.hoisted(() => ({
  offerAutofill: (): void => {},
  asked: [] as { useBrowserAutofill?: boolean }[],
}));
vi.mock('@simplewebauthn/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@simplewebauthn/browser')>()),
  browserSupportsWebAuthn: () => true,
  browserSupportsWebAuthnAutofill: () =>
    new Promise<boolean>((resolve) => {
      browser.offerAutofill = () => resolve(true);
    }),
  startAuthentication: async (options: { useBrowserAutofill?: boolean }) => {
    browser.asked.push(options);
    return {
      id: 'credential-1',
      rawId: 'credential-1',
      type: 'public-key',
      response: {},
      clientExtensionResults: {},
    };
  },
}));

/** spec 2, 4, 5 and 8: the login screen at /, and the code step of two-factor sign-in. */

const challenge = {
  two_factor_required: true,
  challenge: 'challenge-1',
  expires_at: '2030-01-01T00:00:00.000Z',
};
const valid = { type: 'login.submit', email: '  ada@example.com ', password: 'secret-1' };
const empty = { type: 'login.submit', email: '', password: '' };

const passwordStep = [
  valid,
  empty,
  { type: 'login.edit', field: 'email' },
  actorDone('signIn', sessionToken),
  actorDone('signIn', challenge),
  actorError('signIn', new ApiError(401, 'invalid_credentials', 'Incorrect e-mail or password')),
  actorError('signIn', new NetworkError(new TypeError('Failed to fetch'))),
];
const codeStep = [
  { type: 'code.submit', code: '12' },
  { type: 'code.submit', code: '123 456' },
  { type: 'login.edit', field: 'code' },
  { type: 'code.cancel' },
  actorDone('verifyCode', sessionToken),
  actorError('verifyCode', new ApiError(400, 'invalid_code', 'server text')),
  actorError(
    'verifyCode',
    new ApiError(
      400,
      'challenge_expired',
      'This sign-in has expired. Please enter your e-mail and password again.',
    ),
  ),
];

const passkeyRefused = new ApiError(
  400,
  PASSKEY_ERRORS.signInFailed.error,
  PASSKEY_ERRORS.signInFailed.message,
);
const passkeyExpired = new ApiError(400, 'challenge_expired', twoFactorMessages.challengeExpired);
const autofill = [actorDone('passkeyAutofill', sessionToken), actorError('passkeyAutofill', passkeyRefused)];
const passkeyOutcomes = [
  actorDone('passkeySignIn', sessionToken),
  actorError('passkeySignIn', passkeyRefused),
  actorError('passkeySignIn', passkeyExpired),
];
const passkeyStart = { type: 'passkey.start' };

/**
 * A passkey sign-in as the server and the browser see it: the options call, the browser's dialog (faked above), then
 * the sign-in call, which the step answers with its outcome.
 */
async function passkeyCeremony(view: View, autofilled: boolean) {
  if (autofilled) browser.offerAutofill();
  await vi.waitFor(() => expect(view.network.pending('POST /auth/guest/passkeys/options')).toHaveLength(1));
  view.network.answer('POST /auth/guest/passkeys/options', {
    status: 200,
    body: { challenge: 'webauthn-1' },
  });
  await vi.waitFor(() => expect(view.network.pending('POST /auth/guest/passkeys/auth')).toHaveLength(1));
  expect(browser.asked.at(-1)?.useBrowserAutofill).toBe(autofilled);
  view.network.answer('POST /auth/guest/passkeys/auth', answerFor(view.event));
}

/**
 * What the screen lets a person do: the code step's controls only while it is shown, and nothing but the server's
 * answer while a code is checked (Back to sign-in is disabled then).
 */
const events = (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
  if (snapshot.matches({ code: 'verifying' }))
    return codeStep.filter((event) => event.type.startsWith('xstate.'));
  // While the browser's passkey dialog is up, the screen's buttons wait for it.
  if (snapshot.matches('passkey') || snapshot.matches({ code: 'passkey' })) return passkeyOutcomes;
  if (snapshot.matches('code')) return [...codeStep, passkeyStart];
  if (snapshot.matches('idle')) return [...passwordStep, passkeyStart, ...autofill];
  return [...passwordStep, passkeyStart];
};

const emailField = () => screen.getByLabelText('E-mail') as HTMLInputElement;
const passwordField = () => screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement;
const codeField = () => screen.getByRole('textbox', { name: 'Authentication code' }) as HTMLInputElement;
const loginButton = () => screen.getByRole('button', { name: 'Login' });
const verifyButton = () => screen.getByRole('button', { name: 'Verify' });
const passkeyButton = () => screen.getByRole('button', { name: 'Sign in with a passkey' });

async function fill(view: View, field: HTMLInputElement, value: string) {
  if (field.value === value) return;
  await view.user.clear(field);
  // Pasted, not typed key by key: the same change events, far fewer renders.
  if (value) await view.user.paste(value);
}

const last = (view: View, type: string) => view.history.findLast((event) => event.type === type);

describe('login screen (model)', () => {
  describeScreenModel({
    name: 'login',
    machine: loginMachine,
    events,
    // A state is what the screen shows: where the machine is and which messages are up.
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.errors]),
    requests: { signIn: 'POST /auth/guest/auth', verifyCode: 'POST /auth/guest/auth/two-factor' },
    answers: {
      passkeySignIn: (view) => passkeyCeremony(view, false),
      passkeyAutofill: (view) => passkeyCeremony(view, true),
    },
    render: () => {
      tokenStore.clear();
      renderAt(<LoginScreen />, '/');
    },
    act: {
      'login.submit': async (view) => {
        await fill(view, emailField(), view.event.email);
        await fill(view, passwordField(), view.event.password);
        await view.user.click(loginButton());
      },
      'login.edit': async (view) => {
        await view.user.type(view.event.field === 'code' ? codeField() : emailField(), 'x');
      },
      'code.submit': async (view) => {
        await fill(view, codeField(), view.event.code);
        await view.user.click(verifyButton());
      },
      'code.cancel': async (view) => {
        await view.user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
      },
      'passkey.start': async (view) => {
        const inCodeStep = view.from.matches('code');
        await view.user.click(
          inCodeStep ? screen.getByRole('button', { name: 'Use a passkey instead' }) : passkeyButton(),
        );
      },
    },
    rules: (view) => {
      const { event } = view;
      // spec 5: the failed sign-in's message clears when the user edits a field.
      if (event.type === 'login.edit')
        expect(screen.queryByText('Incorrect e-mail or password')).not.toBeInTheDocument();
      // spec 5: both fields empty say so, and nothing is sent.
      if (event === empty) {
        expect(screen.getByRole('alert')).toHaveTextContent('All fields are required');
        expect(view.network.pending('POST /auth/guest/auth')).toEqual([]);
      }
      // spec 8: a refused sign-in reads 'Incorrect e-mail or password'.
      if (event.type === 'xstate.error.actor.signIn' && event.error instanceof ApiError)
        expect(screen.getByRole('alert')).toHaveTextContent('Incorrect e-mail or password');
      // spec 4: a session goes to My NODR.
      if (event.type.startsWith('xstate.done.actor.') && event.output === sessionToken)
        expect(screen.getByTestId('landed')).toHaveTextContent('/myNodr');
      // A challenge asks for the code.
      if (event.type === 'xstate.done.actor.signIn' && event.output === challenge)
        expect(screen.getByRole('textbox', { name: 'Authentication code' })).toBeInTheDocument();
    },
    sees: {
      idle: (view) => {
        expect(screen.getByRole('heading', { name: 'Sign in to NODR' })).toBeInTheDocument();
        expect(loginButton()).toBeEnabled();
        expect(view.network.pending(/auth/)).toEqual([]);
        // spec 5: what the last submit typed decides the message; an edit clears the field's message.
        const submit = last(view, 'login.submit');
        const edited = view.event.type === 'login.edit' || view.event.type === 'code.cancel';
        const alert = screen.queryByRole('alert');
        if (view.event.type === 'xstate.error.actor.passkeySignIn') {
          // A passkey's failure is said as it is: it is not a wrong e-mail or password.
          expect(alert).toHaveTextContent(view.event.error.message);
          expect(screen.queryByText('Incorrect e-mail or password')).not.toBeInTheDocument();
        } else if (submit === empty && view.event === submit) {
          expect(alert).toHaveTextContent('All fields are required');
          expect(emailField()).toHaveAttribute('aria-invalid', 'true');
        } else if (edited || view.event.type === 'start') {
          expect(screen.queryByText('Invalid e-mail')).not.toBeInTheDocument();
          expect(screen.queryByText('Incorrect e-mail or password')).not.toBeInTheDocument();
        }
      },
      submitting: (view) => {
        expect(loginButton()).toBeDisabled();
        expect(loginButton()).toHaveAttribute('aria-busy', 'true');
        // spec 5: the address and the password are sent trimmed.
        const [call] = view.network.pending('POST /auth/guest/auth');
        expect(call?.form).toEqual({ login: 'ada@example.com', password: 'secret-1' });
      },
      failure: (view) => {
        expect(loginButton()).toBeEnabled();
        expect(tokenStore.get()).toBeNull();
        const offline = last(view, 'xstate.error.actor.signIn')?.error instanceof NetworkError;
        if (view.event.type === 'xstate.error.actor.passkeyAutofill')
          expect(screen.getByRole('alert')).toHaveTextContent(PASSKEY_ERRORS.signInFailed.message);
        else if (
          view.event.type === 'xstate.error.actor.verifyCode' ||
          view.event.type === 'xstate.error.actor.passkeySignIn'
        )
          expect(screen.getByRole('alert')).toHaveTextContent(
            'This sign-in has expired. Please enter your e-mail and password again.',
          );
        else if (offline)
          expect(screen.getByRole('alert')).toHaveTextContent(
            'Cannot reach the server. Check your connection and try again.',
          );
        // spec 5 and 8: a refused sign-in reads exactly this.
        else expect(screen.getByRole('alert')).toHaveTextContent('Incorrect e-mail or password');
      },
      code: () => {
        expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
        expect(screen.queryByLabelText('Password', { selector: 'input' })).not.toBeInTheDocument();
      },
      'code.idle': (view) => {
        expect(verifyButton()).toBeEnabled();
        if (view.event.type === 'code.submit')
          expect(
            screen.getByText('Enter the 6-digit code from your authenticator app or a recovery code'),
          ).toBeInTheDocument();
        else if (view.event.type === 'xstate.error.actor.verifyCode')
          expect(screen.getByText('Incorrect code')).toBeInTheDocument();
        else if (view.event.type === 'xstate.error.actor.passkeySignIn')
          expect(screen.getByText(PASSKEY_ERRORS.signInFailed.message)).toBeInTheDocument();
        else expect(codeField()).not.toHaveAttribute('aria-invalid', 'true');
      },
      'code.verifying': (view) => {
        expect(verifyButton()).toBeDisabled();
        const [call] = view.network.pending('POST /auth/guest/auth/two-factor');
        expect(call?.json).toEqual({ challenge: 'challenge-1', code: '123456' });
      },
      // The button "Sign in with a passkey": the browser's dialog is up, for any passkey of this site.
      passkey: (view) => {
        expect(passkeyButton()).toHaveAttribute('aria-busy', 'true');
        expect(loginButton()).toBeDisabled();
        const [call] = view.network.pending('POST /auth/guest/passkeys/options');
        expect(call?.json).toEqual({});
      },
      // The code step's passkey: only this account's passkeys, for the password step's challenge.
      'code.passkey': (view) => {
        expect(verifyButton()).toBeDisabled();
        expect(screen.getByRole('button', { name: 'Use a passkey instead' })).toBeDisabled();
        const [call] = view.network.pending('POST /auth/guest/passkeys/options');
        expect(call?.json).toEqual({ challenge: 'challenge-1' });
      },
      success: () => {
        // spec 4: the token is stored and the person lands on My NODR.
        expect(screen.getByTestId('landed')).toHaveTextContent('/myNodr');
        expect(tokenStore.get()).toBe(sessionToken.access_token);
      },
    },
  });
});
