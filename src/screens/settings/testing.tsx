import { vi } from 'vitest';
import type { User } from '../../api/auth.ts';
import { SessionProvider } from '../../app/session-context.tsx';
import { settingsUser } from '../../machines/settings-fixtures.ts';
import { renderAt } from '../auth/testing.tsx';
import { SettingsScreen } from './settings-screen.tsx';

/** Renders Settings for `user` inside a session whose recheck is a spy. */
export function renderSettings(user: User = settingsUser) {
  const session = {
    user,
    teamId: user.TeamsRender[0]?.id ?? 0,
    recheck: vi.fn(async () => {}),
    logout: vi.fn(),
  };
  renderAt(<SettingsScreen />, '/settings', {
    wrap: (children) => <SessionProvider session={session}>{children}</SessionProvider>,
  });
  return session;
}
