import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt } from '../../../tests/fakes/auth-screens.tsx';
import { ForgotPasswordScreen } from './forgot-password-screen.tsx';
import { PasswordRecoveryScreen } from './password-recovery-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const email = () => screen.getByLabelText('E-mail');
const submit = () => screen.getByRole('button', { name: 'Submit' });

describe('ForgotPasswordScreen', () => {
  it("says 'Required field' and 'invalid email'; links back to login", async () => {
    const api = fakeApi({});
    renderAt(<ForgotPasswordScreen />, '/forgotPassword');
    const user = userEvent.setup();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/');
    await user.click(submit());
    expect(screen.getByText('Required field')).toBeInTheDocument();
    await user.type(email(), 'ada@example');
    await user.click(submit());
    expect(screen.getByText('invalid email')).toBeInTheDocument();
    await user.type(email(), '.com');
    expect(screen.queryByText('invalid email')).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('asks for recovery with the trimmed address and the reset URL, then shows the recovery page', async () => {
    const api = fakeApi({
      'POST /auth/guest/recovery-password': () => ({ status: 200, body: { ok: true } }),
    });
    renderAt(<ForgotPasswordScreen />, '/forgotPassword', {
      routes: { '/passwordRecovery': <PasswordRecoveryScreen /> },
    });
    const user = userEvent.setup();
    await user.type(email(), ' ada@example.com ');
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(api.calls[0]?.form).toEqual({
      login: 'ada@example.com',
      url: `${window.location.origin}/resPassword`,
    });
  });
});

describe('PasswordRecoveryScreen', () => {
  it('says instructions will be sent if an account is found, with the support contact (spec 1, 2)', () => {
    renderAt(<PasswordRecoveryScreen />, '/passwordRecovery');
    expect(screen.getByText(/If an account is found for this e-mail, instructions/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@nodr.test' })).toHaveAttribute(
      'href',
      'mailto:help@nodr.test',
    );
  });
});
