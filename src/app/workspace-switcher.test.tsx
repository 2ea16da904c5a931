import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, testUser } from '../../tests/fakes/auth-screens.tsx';
import { type Session, SessionProvider } from '../shared/session-context.tsx';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

afterEach(() => vi.unstubAllGlobals());

const teams = [
  { id: 3, name: 'Engines', role: 10 },
  { id: 4, name: 'Looms', role: 20 },
];

function renderSwitcher(TeamsRender = teams) {
  const session: Session = {
    user: { ...testUser, TeamsRender },
    teamId: TeamsRender[0]?.id ?? 0,
    recheck: vi.fn(async () => {}),
    logout: vi.fn(),
  };
  render(
    <SessionProvider session={session}>
      <MemoryRouter>
        <WorkspaceSwitcher />
      </MemoryRouter>
    </SessionProvider>,
  );
  return session;
}

describe('WorkspaceSwitcher', () => {
  it('shows the one team by name when there is no choice', () => {
    renderSwitcher(teams.slice(0, 1));
    expect(screen.getByText('Engines')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('lists the teams with role; choosing one saves it and checks the session again', async () => {
    const api = fakeApi({
      [`PUT /auth/v1/user/${testUser.id}/workspace`]: () => ({
        status: 200,
        body: { ...testUser, TeamsRender: [teams[1], teams[0]] },
      }),
    });
    const session = renderSwitcher();
    const select = screen.getByRole('combobox', { name: 'Workspace' });
    expect(select).toHaveValue('3');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Engines (Admin)',
      'Looms (Viewer)',
    ]);
    // Keyboard: focus and pick with the arrow keys, as a native select does.
    await userEvent.setup().selectOptions(select, 'Looms (Viewer)');
    await vi.waitFor(() => expect(session.recheck).toHaveBeenCalledOnce());
    expect(api.calls).toEqual([expect.objectContaining({ json: { teamId: 4 } })]);
  });

  it('says so when the switch fails, and keeps the current workspace', async () => {
    fakeApi({
      [`PUT /auth/v1/user/${testUser.id}/workspace`]: () => ({
        status: 404,
        body: { error: 'not_found', message: 'Not found' },
      }),
    });
    const session = renderSwitcher();
    await userEvent
      .setup()
      .selectOptions(screen.getByRole('combobox', { name: 'Workspace' }), 'Looms (Viewer)');
    expect(await screen.findByRole('alert')).toHaveTextContent('The workspace could not be changed.');
    expect(session.recheck).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox', { name: 'Workspace' })).toHaveValue('3');
  });
});
