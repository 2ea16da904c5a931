import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSettings, settingsApi } from '../../../tests/fakes/settings-screens.tsx';
import { settingsUser } from '../../../tests/fixtures/settings-fixtures.ts';
import type { SignedInBrowser } from '../../api/sessions.ts';

afterEach(() => vi.unstubAllGlobals());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const browsers: SignedInBrowser[] = [
  {
    id: 1,
    device: 'Firefox on Linux',
    ip: '192.0.2.10',
    createdAt: minutesAgo(90),
    lastActiveAt: minutesAgo(0),
    current: true,
  },
  {
    id: 2,
    device: 'Safari on iOS',
    ip: '198.51.100.7',
    createdAt: minutesAgo(3 * 24 * 60),
    lastActiveAt: minutesAgo(5),
    current: false,
  },
  {
    id: 3,
    device: 'Chrome on Windows',
    ip: '203.0.113.9',
    createdAt: minutesAgo(10),
    lastActiveAt: minutesAgo(10),
    current: false,
  },
];

const section = () => screen.getByRole('region', { name: 'Sessions' });
const rows = () => within(section()).queryAllByRole('listitem');

/** A reply that waits until the test lets it go, to look at the screen while a call is under way. */
function held(reply: { status: number; body: unknown }) {
  let release = () => {};
  const promise = new Promise<typeof reply>((resolve) => {
    release = () => resolve(reply);
  });
  return { answer: () => promise, release: () => release() };
}

describe('Settings, Sessions', () => {
  it('shows a loading state, then every browser with device, address and times, this one badged', async () => {
    const list = held({ status: 200, body: browsers });
    settingsApi({ 'GET /auth/v1/sessions': list.answer });
    renderSettings(settingsUser, 'security');
    expect(within(section()).getByRole('status')).toHaveTextContent('Loading sessions');
    list.release();
    expect(await within(section()).findByText('Safari on iOS')).toBeInTheDocument();
    expect(rows()).toHaveLength(3);
    const [current, iphone] = rows();
    expect(within(current!).getByText('This browser')).toBeInTheDocument();
    expect(within(current!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(iphone!).getByText('198.51.100.7')).toBeInTheDocument();
    expect(within(iphone!).getByText('3 days ago')).toHaveAttribute(
      'title',
      expect.stringMatching(/\(UTC\)$/),
    );
    expect(within(iphone!).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(iphone!).queryByText('This browser')).not.toBeInTheDocument();
  });

  it('signs one browser out after a confirmation, disabled while sending, and drops it from the list', async () => {
    const revoke = held({ status: 200, body: { ok: true } });
    const api = settingsApi({
      'GET /auth/v1/sessions': () => ({ status: 200, body: browsers }),
      'DELETE /auth/v1/sessions/2': revoke.answer,
    });
    renderSettings(settingsUser, 'security');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS, 198.51.100.7' }));
    const question = screen.getByRole('group', {
      name: 'Sign out Safari on iOS? It will have to sign in again.',
    });
    const confirm = within(question).getByRole('button', { name: 'Sign out' });
    expect(confirm).toHaveFocus();
    expect(api.calls).toEqual([]);
    await user.click(confirm);
    expect(confirm).toBeDisabled();
    expect(within(question).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign out all other browsers' })).toBeDisabled();
    revoke.release();
    await vi.waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(rows()).toHaveLength(2);
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /auth/v1/sessions/2']);
  });

  it('keeps the browser when the question is cancelled, by button or Escape', async () => {
    const api = settingsApi({ 'GET /auth/v1/sessions': () => ({ status: 200, body: browsers }) });
    renderSettings(settingsUser, 'security');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out Chrome on Windows, 203.0.113.9' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out Chrome on Windows, 203.0.113.9' }));
    // Another choice while a question is open replaces the question.
    await user.click(screen.getByRole('button', { name: 'Sign out all other browsers' }));
    expect(screen.getAllByRole('group')).toHaveLength(1);
    expect(screen.getByRole('group', { name: /all 2 other browsers/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out all others' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(rows()).toHaveLength(3);
    expect(api.calls).toEqual([]);
  });

  it('signs every other browser out and keeps this one', async () => {
    const api = settingsApi({
      'GET /auth/v1/sessions': () => ({ status: 200, body: browsers }),
      'DELETE /auth/v1/sessions/others': () => ({ status: 200, body: { ok: true, revoked: 2 } }),
    });
    renderSettings(settingsUser, 'security');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out all other browsers' }));
    await user.click(screen.getByRole('button', { name: 'Sign out all others' }));
    expect(
      await within(section()).findByText('No other browser is signed in to your account.'),
    ).toBeVisible();
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0]!).getByText('This browser')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out all other browsers' })).not.toBeInTheDocument();
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'DELETE /auth/v1/sessions/others',
    ]);
  });

  it("shows the server's message when a sign-out fails, and keeps the browser listed", async () => {
    settingsApi({
      'GET /auth/v1/sessions': () => ({ status: 200, body: browsers }),
      'DELETE /auth/v1/sessions/3': () => ({
        status: 404,
        body: { error: 'not_found', message: 'No such session.' },
      }),
    });
    renderSettings(settingsUser, 'security');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out Chrome on Windows, 203.0.113.9' }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent('No such session.');
    expect(rows()).toHaveLength(3);
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let attempts = 0;
    settingsApi({
      'GET /auth/v1/sessions': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 500, body: { error: 'internal', message: 'Something went wrong.' } }
          : { status: 200, body: browsers.slice(0, 1) };
      },
    });
    renderSettings(settingsUser, 'security');
    const user = userEvent.setup();
    expect(await within(section()).findByRole('alert')).toHaveTextContent('Something went wrong.');
    await user.click(within(section()).getByRole('button', { name: 'Try again' }));
    expect(await within(section()).findByText('This browser')).toBeInTheDocument();
    expect(within(section()).getByText('No other browser is signed in to your account.')).toBeInTheDocument();
  });
});
