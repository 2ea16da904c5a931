import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSettings, settingsApi } from '../../../tests/fakes/settings-screens.tsx';
import { settingsUser } from '../../../tests/fixtures/settings-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const mine = [
  {
    id: 4,
    teamId: 30,
    teamName: 'Difference Engines',
    role: 20,
    invitedBy: 'Charles Babbage',
    expiresAt: '2026-12-01T10:00:00.000Z',
  },
  {
    id: 5,
    teamId: 31,
    teamName: 'Looms',
    role: 10,
    invitedBy: 'J. Jacquard',
    expiresAt: '2026-12-02T10:00:00.000Z',
  },
];

const section = async () =>
  (await screen.findByRole('heading', { level: 2, name: 'Invitations' })).closest('section') as HTMLElement;

describe('Settings > Invitations', () => {
  it('lists the invitations to my address; Accept joins (the session is checked again), Decline drops', async () => {
    const api = settingsApi({
      'GET /auth/v1/invitations': () => ({ status: 200, body: mine }),
      'POST /auth/v1/invitations/4/accept': () => ({ status: 200, body: { teamId: 30 } }),
      'POST /auth/v1/invitations/5/decline': () => ({ status: 200, body: { ok: true } }),
    });
    const session = renderSettings(settingsUser, 'team');
    const card = await section();
    const list = await within(card).findByRole('list', { name: 'Invitations to you' });
    expect(within(list).getByText('Invited by Charles Babbage')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(
      within(list).getByRole('button', { name: 'Accept the invitation to Difference Engines' }),
    );
    await vi.waitFor(() => expect(session.recheck).toHaveBeenCalledOnce());
    expect(within(card).queryByText('Difference Engines')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Decline the invitation to Looms' }));
    expect(await within(card).findByText(/Invitations to other teams will appear here/)).toBeInTheDocument();
    expect(session.recheck).toHaveBeenCalledOnce();
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /auth/v1/invitations/4/accept',
      'POST /auth/v1/invitations/5/decline',
    ]);
  });

  it("keeps an invitation that is gone in the list with the contract's message", async () => {
    settingsApi({
      'GET /auth/v1/invitations': () => ({ status: 200, body: mine.slice(0, 1) }),
      'POST /auth/v1/invitations/4/accept': () => ({
        status: 410,
        body: { error: 'invitation_gone', message: 'gone' },
      }),
    });
    const session = renderSettings(settingsUser, 'team');
    const card = await section();
    await userEvent
      .setup()
      .click(
        await within(card).findByRole('button', { name: 'Accept the invitation to Difference Engines' }),
      );
    expect(
      await within(card).findByText('This invitation has expired or is no longer valid.'),
    ).toBeInTheDocument();
    expect(session.recheck).not.toHaveBeenCalled();
  });
});
