import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt, sessionToken } from '../../../tests/fakes/auth-screens.tsx';
import { tokenStore } from '../../api/token-store.ts';
import { CreatePasswordScreen } from './create-password-screen.tsx';
import { LoginScreen } from './login-screen.tsx';
import { ResetPasswordScreen } from './reset-password-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const password = () => screen.getByLabelText('New password', { selector: 'input' });
const confirm = () => screen.getByLabelText('Confirm password', { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Submit' });

const screens = [
  {
    name: 'CreatePasswordScreen',
    element: <CreatePasswordScreen />,
    route: '/createPassword/:hash',
    next: '/createAccount',
  },
  {
    name: 'ResetPasswordScreen',
    element: <ResetPasswordScreen />,
    route: '/resPassword/:hash',
    next: '/myNodr',
  },
];

describe.each(screens)('$name', ({ element, route, next }) => {
  const path = route.replace(':hash', 'h4sh-from-mail');

  it('keeps the rules of spec 5 with their exact texts', async () => {
    const api = fakeApi({});
    renderAt(element, path, { route });
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
    expect(api.calls).toEqual([]);
  });

  it('has a show/hide toggle on both fields', async () => {
    fakeApi({});
    renderAt(element, path, { route });
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
    const user = userEvent.setup();
    await user.type(password(), ' secret1');
    await user.type(confirm(), 'secret1 ');
    await user.click(submit());
    expect(await screen.findByTestId('landed')).toHaveTextContent(next);
    expect(api.calls[0]?.form).toEqual({ hash: 'h4sh-from-mail', password: 'secret1', confirm: 'secret1' });
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
