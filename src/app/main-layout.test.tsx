import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { testUser } from '../../tests/fakes/auth-screens.tsx';
import { type Session, SessionProvider } from '../shared/session-context.tsx';
import { MainLayout } from './main-layout.tsx';

function renderLayout(path = '/myNodr') {
  const session: Session = {
    user: {
      ...testUser,
      name: 'Ada',
      surname: 'Lovelace',
      TeamsRender: [{ id: 3, name: 'Engines', role: 10 }],
    },
    teamId: 3,
    recheck: vi.fn(async () => {}),
    logout: vi.fn(),
  };
  render(
    <SessionProvider session={session}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<MainLayout />}>
            <Route path="/myNodr" element={<h1>My NODR page</h1>} />
            <Route path="/statistics" element={<h1>Statistics page</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
  return session;
}

describe('MainLayout', () => {
  it('shows the loader first, then the sidebar, header and screen (spec 2)', async () => {
    renderLayout();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('heading', { name: 'My NODR page' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'My NODR page' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByText('Engines')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Statistics' })).toHaveAttribute('href', '/statistics');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(nav).getByRole('link', { name: 'My NODR' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Profile settings of Ada Lovelace' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it('marks the link of the open section and logs out from the sidebar', async () => {
    const session = renderLayout('/statistics');
    await screen.findByRole('heading', { name: 'Statistics page' });
    expect(screen.getByRole('link', { name: 'Statistics' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'My NODR' })).not.toHaveAttribute('aria-current');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(session.logout).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeDisabled();
  });
});
