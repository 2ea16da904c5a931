import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAt } from '../../../tests/fakes/auth-screens.tsx';
import { paths } from '../../shared/paths.ts';
import { UnsubscribeResultScreen } from './unsubscribe-result-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const route = '/unsubscribe/:token';
const unsubscribeCall = 'POST /auth/v1/notifications/unsubscribe';

describe('/unsubscribe/{token}', () => {
  it('shows a loader, posts the token without a token of a session, then says the alerts are off', async () => {
    let release: () => void = () => {};
    const api = fakeApi({
      [unsubscribeCall]: () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 200, body: { ok: true } });
        }),
    });
    renderAt(<UnsubscribeResultScreen />, paths.unsubscribe('t0k/en'), { route });
    expect(screen.getByRole('status')).toHaveTextContent('Turning off alert e-mails');
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    release();
    expect(
      await screen.findByRole('heading', { name: 'You will no longer receive alert e-mails' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/');
    expect(api.calls[0]).toMatchObject({ json: { token: 't0k/en' }, authorization: null });
  });

  it("shows 'This link is expired' with the support contact for a token the server refuses", async () => {
    fakeApi({
      [unsubscribeCall]: () => ({
        status: 400,
        body: { error: 'invalid_link', message: 'This link is expired or has already been used.' },
      }),
    });
    renderAt(<UnsubscribeResultScreen />, '/unsubscribe/forged', { route });
    expect(await screen.findByRole('heading', { name: 'This link is expired' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Unfortunately, this link is no longer valid. Please contact support if you need assistance',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@nodr.test' })).toBeInTheDocument();
  });
});
