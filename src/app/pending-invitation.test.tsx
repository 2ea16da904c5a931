import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../tests/fakes/auth-screens.tsx';
import { pendingInvitation } from '../shared/pending-invitation.ts';
import { useAcceptPendingInvitation } from './pending-invitation.ts';

afterEach(() => vi.unstubAllGlobals());

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function Layout({ recheck }: { recheck: () => Promise<void> }) {
  useAcceptPendingInvitation(recheck);
  return <Where />;
}

const renderLayout = (recheck: () => Promise<void>) =>
  render(
    <MemoryRouter initialEntries={['/myNodr']}>
      <Routes>
        <Route path="*" element={<Layout recheck={recheck} />} />
      </Routes>
    </MemoryRouter>,
  );

describe('useAcceptPendingInvitation', () => {
  it('accepts a kept link once, forgets it, and checks the session again', async () => {
    const api = fakeApi({
      'POST /auth/v1/invitations/accept': () => ({ status: 200, body: { teamId: 30 } }),
    });
    pendingInvitation.set('kept-hash');
    const recheck = vi.fn(async () => {});
    renderLayout(recheck);
    await vi.waitFor(() => expect(recheck).toHaveBeenCalledOnce());
    expect(api.calls).toEqual([expect.objectContaining({ json: { hash: 'kept-hash' } })]);
    expect(pendingInvitation.get()).toBeNull();
  });

  it('opens the link page when the kept link is refused (another address), without going to the root', async () => {
    fakeApi({
      'POST /auth/v1/invitations/accept': () => ({
        status: 403,
        body: { error: 'other_address', message: 'other' },
      }),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    pendingInvitation.set('kept-hash');
    const recheck = vi.fn(async () => {});
    renderLayout(recheck);
    expect(await screen.findByText('/invitation?hash=kept-hash')).toBeInTheDocument();
    expect(recheck).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('does nothing without a kept link', () => {
    const api = fakeApi({});
    renderLayout(vi.fn(async () => {}));
    expect(api.calls).toEqual([]);
  });
});
