import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LINK_GONE } from '../../../contracts/password-link.ts';
import { fakeApi as fakeServer, renderAt, sessionToken } from '../../../tests/fakes/auth-screens.tsx';
import { tokenStore } from '../../api/token-store.ts';
import { CreatePasswordScreen } from './create-password-screen.tsx';
import { LoginScreen } from './login-screen.tsx';
import { ResetPasswordScreen } from './reset-password-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const password = () => screen.getByLabelText('New password', { selector: 'input' });
const confirm = () => screen.getByLabelText('Confirm password', { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Submit' });
const CHECK = 'POST /auth/guest/link/check';
/** The form shows once the page's link check has answered. */
const formShown = () => screen.findByRole('button', { name: 'Submit' });

/** A server whose link check says the link works, plus the given calls. */
function fakeApi(handlers: Parameters<typeof fakeServer>[0]) {
  const api = fakeServer({ [CHECK]: () => ({ status: 200, body: { ok: true } }), ...handlers });
  const saves = () => api.calls.filter((call) => call.path !== '/auth/guest/link/check');
  return { ...api, saves };
}

const screens = [
  {
    name: 'CreatePasswordScreen',
    element: <CreatePasswordScreen />,
    route: '/createPassword/:hash',
    next: '/createAccount',
    purpose: 'create_password',
    subtitle: 'Your e-mail is confirmed. Choose the password for your account.',
  },
  {
    name: 'ResetPasswordScreen',
    element: <ResetPasswordScreen />,
    route: '/resPassword/:hash',
    next: '/myNodr',
    purpose: 'reset_password',
    subtitle: 'Choose a new password. Every other session of your account will be signed out.',
  },
];

describe.each(screens)('$name', ({ element, route, next, purpose, subtitle }) => {
  const path = route.replace(':hash', 'h4sh-from-mail');

  it('checks its link as it opens and shows the form, with its text, only once the link is known to work', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    const api = fakeServer({ [CHECK]: () => new Promise((resolve) => (answer = resolve)) });
    renderAt(element, path, { route });
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your link');
    expect(screen.queryByText(subtitle)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(api.calls.map((call) => [call.path, call.form])).toEqual([
      ['/auth/guest/link/check', { hash: 'h4sh-from-mail', purpose }],
    ]);
    answer({ status: 200, body: { ok: true } });
    await formShown();
    expect(screen.getByText(subtitle)).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
  });

  it("shows 'This link is expired' at once for a used, expired or unknown link, with no form", async () => {
    fakeServer({ [CHECK]: () => ({ status: 410, body: LINK_GONE }) });
    renderAt(element, path, { route });
    expect(await screen.findByRole('heading', { name: 'This link is expired' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Unfortunately, this link is no longer valid. Please contact support if you need assistance',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(subtitle)).toBeNull();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('offers to check again when the server cannot be reached', async () => {
    let calls = 0;
    fakeServer({
      [CHECK]: () => {
        calls += 1;
        if (calls === 1) return { status: 503, body: { error: 'unavailable', message: 'Try later.' } };
        return { status: 200, body: { ok: true } };
      },
    });
    renderAt(element, path, { route });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    await formShown();
    expect(screen.getByText(subtitle)).toBeInTheDocument();
  });

  it('keeps the rules of spec 5 with their exact texts', async () => {
    const api = fakeApi({});
    renderAt(element, path, { route });
    await formShown();
    const user = userEvent.setup();
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('All fields are required');
    await user.type(password(), '12345');
    await user.click(submit());
    expect(screen.getByText('Minimum 6 symbols are required')).toBeInTheDocument();
    expect(screen.getByText('Required field')).toBeInTheDocument();
    await user.type(password(), '6');
    await user.type(confirm(), '123457');
    await user.click(submit());
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.queryByText('Minimum 6 symbols are required')).not.toBeInTheDocument();
    await user.type(confirm(), 'x');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    await user.clear(password());
    await user.clear(confirm());
    await user.type(confirm(), 'secret1');
    await user.click(submit());
    expect(screen.getByText('Required field')).toBeInTheDocument();
    expect(api.saves()).toEqual([]);
  });

  it('has a show/hide toggle on both fields', async () => {
    fakeApi({});
    renderAt(element, path, { route });
    await formShown();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(password()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(confirm()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide new password' }));
    expect(password()).toHaveAttribute('type', 'password');
  });

  it(`sends the link's hash with the trimmed passwords, signs in and goes to ${next}`, async () => {
    const api = fakeApi({ 'POST /auth/guest/set-new-password': () => ({ status: 200, body: sessionToken }) });
    renderAt(element, path, { route });
    await formShown();
    const user = userEvent.setup();
    await user.type(password(), ' secret1');
    await user.type(confirm(), 'secret1 ');
    await user.click(submit());
    expect(await screen.findByTestId('landed')).toHaveTextContent(next);
    expect(api.saves()[0]?.form).toEqual({ hash: 'h4sh-from-mail', password: 'secret1', confirm: 'secret1' });
    expect(tokenStore.get()).toBe('fresh-token');
  });

  it("shows the server's answer for a used or expired link", async () => {
    fakeApi({
      'POST /auth/guest/set-new-password': () => ({
        status: 400,
        body: { error: 'invalid_link', message: 'This link is expired or has already been used.' },
      }),
    });
    renderAt(element, path, { route });
    await formShown();
    const user = userEvent.setup();
    await user.type(password(), 'secret1');
    await user.type(confirm(), 'secret1');
    await user.click(submit());
    expect(await screen.findByText('This link is expired or has already been used.')).toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });
});

describe('ResetPasswordScreen with two-factor sign-in on', () => {
  it('saves the password, then asks the person to sign in with a code instead of signing in', async () => {
    tokenStore.clear();
    fakeApi({
      'POST /auth/guest/set-new-password': () => ({
        status: 200,
        body: { two_factor_required: true, challenge: 'ch4ll3nge', expires_at: '2030-01-01T00:05:00Z' },
      }),
    });
    renderAt(<ResetPasswordScreen />, '/resPassword/h4sh', {
      route: '/resPassword/:hash',
      routes: { '/': <LoginScreen /> },
    });
    await formShown();
    const user = userEvent.setup();
    await user.type(password(), 'secret1');
    await user.type(confirm(), 'secret1');
    await user.click(submit());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your new password is saved. Sign in with it and a code from your authenticator app.',
    );
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(tokenStore.get()).toBeNull();
  });
});
