import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt } from '../../../tests/fakes/auth-screens.tsx';
import { tokenStore } from '../../api/token-store.ts';
import { ChangeEmailResultScreen } from './change-email-result-screen.tsx';
import { DeleteAccountResultScreen } from './delete-account-result-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const expired = 'Unfortunately, this link is no longer valid. Please contact support if you need assistance';
const invalid = () => ({
  status: 400,
  body: { error: 'invalid_link', message: 'This link is expired or has already been used.' },
});

describe('/changeEmail/{hash}', () => {
  const route = '/changeEmail/:hash';

  it('shows a loader, confirms the hash, then the success text', async () => {
    let release: () => void = () => {};
    const api = fakeApi({
      'POST /auth/v1/profile_settings/change_email/accept': () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 200, body: { ok: true } });
        }),
    });
    renderAt(<ChangeEmailResultScreen />, '/changeEmail/h4sh', { route });
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your new e-mail');
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    release();
    expect(
      await screen.findByRole('heading', { name: 'You have successfully changed your account e-mail' }),
    ).toBeInTheDocument();
    expect(api.calls[0]?.form).toEqual({ hash: 'h4sh' });
  });

  it("shows 'This link is expired' with the support contact when the link fails", async () => {
    fakeApi({ 'POST /auth/v1/profile_settings/change_email/accept': invalid });
    renderAt(<ChangeEmailResultScreen />, '/changeEmail/old', { route });
    expect(await screen.findByRole('heading', { name: 'This link is expired' })).toBeInTheDocument();
    expect(screen.getByText(expired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@nodr.test' })).toHaveAttribute(
      'href',
      'mailto:help@nodr.test',
    );
  });
});

describe('/deleteUserAccount/{hash}', () => {
  const route = '/deleteUserAccount/:hash';

  it('confirms the hash, then the success text with a sorry note and the support contact', async () => {
    tokenStore.set('old-token');
    const api = fakeApi({ 'DELETE /auth/v1/user/accept': () => ({ status: 200, body: { ok: true } }) });
    renderAt(<DeleteAccountResultScreen />, '/deleteUserAccount/h4sh', { route });
    expect(screen.getByRole('status')).toHaveTextContent('Deleting your account');
    expect(
      await screen.findByRole('heading', { name: 'You have successfully deleted your account' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/sorry to see you go/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@nodr.test' })).toBeInTheDocument();
    expect(api.calls[0]).toMatchObject({ method: 'DELETE', form: { hash: 'h4sh' } });
    expect(tokenStore.get()).toBeNull();
  });

  it('shows the expired-link texts when the link fails', async () => {
    fakeApi({ 'DELETE /auth/v1/user/accept': invalid });
    renderAt(<DeleteAccountResultScreen />, '/deleteUserAccount/old', { route });
    expect(await screen.findByRole('heading', { name: 'This link is expired' })).toBeInTheDocument();
    expect(screen.getByText(expired)).toBeInTheDocument();
  });
});
