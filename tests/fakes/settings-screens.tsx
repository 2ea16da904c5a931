import { vi } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../contracts/notifications.ts';
import type { User } from '../../src/api/auth.ts';
import { SettingsScreen } from '../../src/screens/settings/settings-screen.tsx';
import { SessionProvider } from '../../src/shared/session-context.tsx';
import { settingsUser } from '../fixtures/settings-fixtures.ts';
import { type ApiCall, fakeApi, renderAt } from './auth-screens.tsx';

/** Renders Settings for `user` inside a session whose recheck is a spy. */
export function renderSettings(user: User = settingsUser, page = '') {
  const session = {
    user,
    teamId: user.TeamsRender[0]?.id ?? 0,
    recheck: vi.fn(async () => {}),
    logout: vi.fn(),
  };
  renderAt(<SettingsScreen />, page ? `/settings/${page}` : '/settings', {
    route: '/settings/:section?',
    wrap: (children) => <SessionProvider session={session}>{children}</SessionProvider>,
  });
  return session;
}

/** The team of settingsUser's current workspace, as Settings > Team loads it. */
export const settingsTeam = {
  id: 11,
  name: 'Analytical Engines',
  members: [
    {
      userId: 7,
      name: 'Ada',
      surname: 'Lovelace',
      email: 'ada@example.com',
      role: 10,
      joinedAt: '2026-01-02T10:00:00.000Z',
    },
  ],
  invitations: [],
};

/**
 * The loads of the Sessions, Recent activity, Notifications, Alert channels, Invitations, Team, API tokens and Passkeys sections, which every Settings
 * render makes.
 */
const listLoads = new Set([
  'GET /auth/v1/sessions',
  'GET /auth/v1/activity',
  'GET /auth/v1/notifications',
  'GET /auth/v1/teams/11/alert-channels',
  'GET /auth/v1/invitations',
  'GET /auth/v1/teams/11/members',
  'GET /auth/v1/tokens',
  'GET /auth/v1/passkeys',
]);

/**
 * fakeApi for Settings: the list loads answer empty lists (Notifications its defaults) unless `handlers` says otherwise, and `calls` leaves
 * them out, so a test of one section sees only that section's calls.
 */
export function settingsApi(handlers: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({
    'GET /auth/v1/sessions': () => ({ status: 200, body: [] }),
    'GET /auth/v1/activity': () => ({ status: 200, body: [] }),
    'GET /auth/v1/notifications': () => ({ status: 200, body: DEFAULT_NOTIFICATION_SETTINGS }),
    'GET /auth/v1/teams/11/alert-channels': () => ({ status: 200, body: { channels: [] } }),
    'GET /auth/v1/invitations': () => ({ status: 200, body: [] }),
    'GET /auth/v1/teams/11/members': () => ({ status: 200, body: settingsTeam }),
    'GET /auth/v1/tokens': () => ({ status: 200, body: [] }),
    'GET /auth/v1/passkeys': () => ({ status: 200, body: [] }),
    ...handlers,
  });
  return {
    fetch: api.fetch,
    get calls(): ApiCall[] {
      return api.calls.filter((call) => !listLoads.has(`${call.method} ${call.path}`));
    },
  };
}
