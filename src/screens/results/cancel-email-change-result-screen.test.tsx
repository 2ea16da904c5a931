import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt } from '../../../tests/fakes/auth-screens.tsx';
import { CancelEmailChangeResultScreen } from './cancel-email-change-result-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const route = '/cancelEmailChange/:hash';
const cancelCall = 'POST /auth/v1/profile_settings/change_email/cancel';

describe('/cancelEmailChange/{hash}', () => {
  it('shows a loader, posts the hash without a token, then says the change is cancelled', async () => {
    let release: () => void = () => {};
    const api = fakeApi({
      [cancelCall]: () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 200, body: { ok: true } });
        }),
    });
    renderAt(<CancelEmailChangeResultScreen />, '/cancelEmailChange/c4ncel', { route });
    expect(screen.getByRole('status')).toHaveTextContent('Cancelling the e-mail change');
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    release();
    expect(
      await screen.findByRole('heading', { name: 'The e-mail change has been cancelled' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/change it now/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/');
    expect(api.calls[0]).toMatchObject({ form: { hash: 'c4ncel' }, authorization: null });
  });

  it("shows 'This link is expired' with the support contact when the link was used or revoked", async () => {
    fakeApi({
      [cancelCall]: () => ({
        status: 400,
        body: { error: 'invalid_link', message: 'This link is expired or has already been used.' },
      }),
    });
    renderAt(<CancelEmailChangeResultScreen />, '/cancelEmailChange/used', { route });
    expect(await screen.findByRole('heading', { name: 'This link is expired' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Unfortunately, this link is no longer valid. Please contact support if you need assistance',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@nodr.test' })).toHaveAttribute(
      'href',
      'mailto:help@nodr.test',
    );
  });
});
