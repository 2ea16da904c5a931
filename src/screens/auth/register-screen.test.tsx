import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt } from '../../../tests/fakes/auth-screens.tsx';
import { PendingRegistrationScreen } from './pending-registration-screen.tsx';
import { RegisterScreen } from './register-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const email = () => screen.getByLabelText('E-mail');
const createAccount = () => screen.getByRole('button', { name: 'Create account' });

describe('RegisterScreen', () => {
  it("is 'Join network' with both checkboxes checked by default", () => {
    fakeApi({});
    renderAt(<RegisterScreen />, '/register');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Join network');
    expect(screen.getByRole('checkbox', { name: 'I agree to the terms of service' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'I agree to receive updates and offers' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/');
  });

  it('disables Create account while the terms are unchecked', async () => {
    fakeApi({});
    renderAt(<RegisterScreen />, '/register');
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms of service' }));
    expect(createAccount()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms of service' }));
    expect(createAccount()).toBeEnabled();
  });

  it("says 'Required field' and 'invalid email', and clears the message on edit", async () => {
    const api = fakeApi({});
    renderAt(<RegisterScreen />, '/register');
    const user = userEvent.setup();
    await user.click(createAccount());
    expect(screen.getByText('Required field')).toBeInTheDocument();
    await user.type(email(), 'ada.example.com');
    expect(screen.queryByText('Required field')).not.toBeInTheDocument();
    await user.click(createAccount());
    expect(screen.getByText('invalid email')).toBeInTheDocument();
    await user.type(email(), 'm');
    expect(screen.queryByText('invalid email')).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('sends the trimmed address with offer and subscription, then asks to confirm the e-mail', async () => {
    const api = fakeApi({ 'POST /auth/guest/register': () => ({ status: 200, body: { ok: true } }) });
    renderAt(<RegisterScreen />, '/register', {
      routes: { '/pendingRegistration': <PendingRegistrationScreen /> },
    });
    const user = userEvent.setup();
    await user.type(email(), ' ada@example.com ');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to receive updates and offers' }));
    await user.click(createAccount());
    expect(await screen.findByRole('heading', { name: 'Confirm your e-mail' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(api.calls[0]?.form).toMatchObject({
      login: 'ada@example.com',
      offer: 'false',
      subscription: 'true',
      createPath: `${window.location.origin}/createPassword`,
    });
  });
});
