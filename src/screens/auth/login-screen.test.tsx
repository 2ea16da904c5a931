import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt, sessionToken } from '../../../tests/fakes/auth-screens.tsx';
import { tokenStore } from '../../api/token-store.ts';
import { LoginScreen } from './login-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

function setup(handlers: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi(handlers);
  renderAt(<LoginScreen />, '/');
  return { api, user: userEvent.setup() };
}

const email = () => screen.getByLabelText('E-mail');
const password = () => screen.getByLabelText('Password', { selector: 'input' });
const login = () => screen.getByRole('button', { name: 'Login' });

describe('LoginScreen', () => {
  it('has the fields, the Login button and the links of spec 2', () => {
    setup();
    expect(email()).toHaveAttribute('type', 'email');
    expect(password()).toHaveAttribute('type', 'password');
    expect(login()).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgotPassword');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });

  it("says 'All fields are required' when both are empty, without calling the server", async () => {
    const { api, user } = setup();
    await user.click(login());
    expect(screen.getByRole('alert')).toHaveTextContent('All fields are required');
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toEqual([]);
  });

  it("says 'Required field' and 'Invalid e-mail' per field; inputs are trimmed", async () => {
    const { user } = setup();
    await user.type(password(), 'secret1');
    await user.click(login());
    expect(screen.getByText('Required field')).toBeInTheDocument();
    await user.type(email(), '   ');
    await user.click(login());
    expect(screen.getByText('Required field')).toBeInTheDocument();
    await user.type(email(), 'ada@');
    await user.click(login());
    expect(screen.getByText('Invalid e-mail')).toBeInTheDocument();
    await user.clear(password());
    await user.clear(email());
    await user.type(email(), 'ada@example.com');
    await user.click(login());
    expect(screen.getByText('Required field')).toBeInTheDocument();
    expect(screen.queryByText('Invalid e-mail')).not.toBeInTheDocument();
  });

  it("clears a field's message when the field is edited", async () => {
    const { user } = setup();
    await user.type(email(), 'ada@');
    await user.click(login());
    expect(screen.getByText('Invalid e-mail')).toBeInTheDocument();
    await user.type(email(), 'x');
    expect(screen.queryByText('Invalid e-mail')).not.toBeInTheDocument();
  });

  it("shows 'Incorrect e-mail or password', clears the token, and clears the message on edit", async () => {
    tokenStore.set('old-token');
    const { user } = setup({
      'POST /auth/guest/auth': () => ({
        status: 401,
        body: { error: 'invalid_credentials', message: 'Incorrect e-mail or password' },
      }),
    });
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'wrong-password');
    await user.click(login());
    expect(await screen.findByText('Incorrect e-mail or password')).toBeInTheDocument();
    expect(tokenStore.get()).toBeNull();
    await user.type(password(), '!');
    expect(screen.queryByText('Incorrect e-mail or password')).not.toBeInTheDocument();
  });

  it('sends trimmed credentials, disables Login while sending, stores the token and goes to /myNodr', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    const { api, user } = setup({
      'POST /auth/guest/auth': () => new Promise((resolve) => (answer = resolve)),
    });
    await user.type(email(), '  ada@example.com ');
    await user.type(password(), ' secret1 ');
    await user.click(login());
    expect(login()).toBeDisabled();
    expect(login()).toHaveAttribute('aria-busy', 'true');
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: '/auth/guest/auth',
      form: { login: 'ada@example.com', password: 'secret1' },
    });
    answer({ status: 200, body: sessionToken });
    expect(await screen.findByTestId('landed')).toHaveTextContent('/myNodr');
    expect(tokenStore.get()).toBe('fresh-token');
  });

  it('shows and hides the password with the toggle', async () => {
    const { user } = setup();
    await user.type(password(), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    await waitFor(() => expect(password()).toHaveAttribute('type', 'password'));
  });

  describe('two-factor sign-in', () => {
    const challenge = {
      two_factor_required: true,
      challenge: 'ch4ll3nge',
      expires_at: '2030-01-01T00:05:00Z',
    };
    const code = () => screen.getByRole('textbox', { name: 'Authentication code' });
    const verify = () => screen.getByRole('button', { name: 'Verify' });

    async function toCodeStep(codeStep: Parameters<typeof fakeApi>[0][string]) {
      const setUp = setup({
        'POST /auth/guest/auth': () => ({ status: 200, body: challenge }),
        'POST /auth/guest/auth/two-factor': codeStep,
      });
      await setUp.user.type(email(), 'ada@example.com');
      await setUp.user.type(password(), 'secret1');
      await setUp.user.click(login());
      await screen.findByRole('heading', { name: 'Two-factor sign-in' });
      return setUp;
    }

    it('asks for the code after the password, in a labelled one-time-code field, and signs in with it', async () => {
      const { api, user } = await toCodeStep(() => ({ status: 200, body: sessionToken }));
      expect(tokenStore.get()).toBeNull();
      expect(code()).toHaveAttribute('autocomplete', 'one-time-code');
      expect(code()).toHaveAttribute('inputmode', 'numeric');
      expect(code()).toHaveFocus();
      await user.type(code(), '123 456');
      await user.click(verify());
      expect(await screen.findByTestId('landed')).toHaveTextContent('/myNodr');
      expect(api.calls.at(-1)).toMatchObject({
        path: '/auth/guest/auth/two-factor',
        json: { challenge: 'ch4ll3nge', code: '123456' },
      });
      expect(tokenStore.get()).toBe('fresh-token');
    });

    it('says what is wrong with a malformed or incorrect code, and clears it on edit', async () => {
      const { api, user } = await toCodeStep(() => ({
        status: 401,
        body: { error: 'invalid_code', message: 'Incorrect code' },
      }));
      await user.click(verify());
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Enter the 6-digit code from your authenticator app or a recovery code',
      );
      expect(code()).toHaveAttribute('aria-invalid', 'true');
      expect(api.calls).toHaveLength(1);
      await user.type(code(), '000000');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await user.click(verify());
      expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect code');
    });

    it('takes a recovery code with a text keyboard, and goes back to the password step', async () => {
      const { api, user } = await toCodeStep(() => ({ status: 200, body: sessionToken }));
      await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
      const recovery = screen.getByRole('textbox', { name: 'Recovery code' });
      expect(recovery).toHaveAttribute('inputmode', 'text');
      await user.click(screen.getByRole('button', { name: 'Back to sign-in' }));
      expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
      expect(api.calls).toHaveLength(1);
    });

    it('goes back to the password step with the reason when the sign-in expired', async () => {
      const message = 'This sign-in has expired. Please enter your e-mail and password again.';
      const { user } = await toCodeStep(() => ({
        status: 400,
        body: { error: 'challenge_expired', message },
      }));
      await user.type(code(), '123456');
      await user.click(verify());
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    });
  });
});
