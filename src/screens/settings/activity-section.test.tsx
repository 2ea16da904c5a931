import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSettings, settingsApi } from '../../../tests/fakes/settings-screens.tsx';
import { settingsUser } from '../../../tests/fixtures/settings-fixtures.ts';
import type { ActivityEntry } from '../../api/sessions.ts';

afterEach(() => vi.unstubAllGlobals());

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const entries: ActivityEntry[] = [
  { id: 3, kind: 'sign_in', at: hoursAgo(1), ip: '203.0.113.6', device: 'Chrome on Windows' },
  { id: 2, kind: 'sign_in_failed', at: hoursAgo(2), ip: '203.0.113.5', device: 'Chrome on Windows' },
  { id: 1, kind: 'password_changed', at: '2026-08-01T09:30:00.000Z', ip: '', device: 'Firefox on Linux' },
];

const section = () => screen.getByRole('region', { name: 'Recent activity' });

describe('Settings, Recent activity', () => {
  it('lists the events in words, newest first, with relative time (exact in the tooltip), device and address', async () => {
    settingsApi({ 'GET /auth/v1/activity': () => ({ status: 200, body: entries }) });
    renderSettings(settingsUser, 'activity');
    const list = await within(section()).findByRole('list', { name: 'Security events, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Signed in',
      'Failed sign-in (wrong password)',
      'Password changed in Settings',
    ]);
    expect(within(items[0]!).getByText('1 hour ago')).toBeInTheDocument();
    expect(within(items[1]!).getByText('203.0.113.5')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Chrome on Windows')).toBeInTheDocument();
    const old = items[2]!.querySelector('time');
    expect(old).toHaveAttribute('title', '1 August 2026, 09:30 (UTC)');
    expect(old).toHaveAttribute('datetime', '2026-08-01T09:30:00.000Z');
    expect(within(items[2]!).getByText('Unknown address')).toBeInTheDocument();
  });

  it('reads the two-factor events in words', async () => {
    const twoFactor: ActivityEntry[] = [
      { id: 14, kind: 'sign_in_recovery_code', at: hoursAgo(1), ip: '203.0.113.7', device: 'Safari on iOS' },
      { id: 13, kind: 'recovery_codes_created', at: hoursAgo(2), ip: '203.0.113.7', device: 'Safari on iOS' },
      { id: 12, kind: 'two_factor_disabled', at: hoursAgo(3), ip: '203.0.113.7', device: 'Safari on iOS' },
      { id: 11, kind: 'two_factor_enabled', at: hoursAgo(4), ip: '203.0.113.7', device: 'Safari on iOS' },
    ];
    settingsApi({ 'GET /auth/v1/activity': () => ({ status: 200, body: twoFactor }) });
    renderSettings(settingsUser, 'activity');
    const list = await within(section()).findByRole('list', { name: 'Security events, newest first' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual([
      'Signed in with a recovery code',
      'New recovery codes made',
      'Two-factor sign-in turned off',
      'Two-factor sign-in turned on',
    ]);
  });

  it('shows a loading state, then a sentence when there is nothing to show', async () => {
    settingsApi({});
    renderSettings(settingsUser, 'activity');
    expect(within(section()).getByRole('status')).toHaveTextContent('Loading recent activity');
    expect(
      await within(section()).findByText('Nothing has happened on your account in the last 90 days.'),
    ).toBeInTheDocument();
    expect(within(section()).queryByRole('list')).not.toBeInTheDocument();
  });

  it('refreshes on request, and shows why when loading fails', async () => {
    let calls = 0;
    settingsApi({
      'GET /auth/v1/activity': () => {
        calls += 1;
        if (calls === 1) return { status: 200, body: entries.slice(0, 1) };
        if (calls === 2) return { status: 200, body: entries };
        return { status: 503, body: { error: 'unavailable', message: 'Please try again later.' } };
      },
    });
    renderSettings(settingsUser, 'activity');
    const user = userEvent.setup();
    expect(await within(section()).findAllByRole('listitem')).toHaveLength(1);
    await user.click(within(section()).getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(within(section()).getAllByRole('listitem')).toHaveLength(3));
    await user.click(within(section()).getByRole('button', { name: 'Refresh' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent('Please try again later.');
  });
});
