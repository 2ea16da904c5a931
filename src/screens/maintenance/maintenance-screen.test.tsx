import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../tests/fakes/auth-screens.tsx';
import { AppConfigProvider } from '../../shared/app-config-context.tsx';
import { MaintenanceScreen } from './maintenance-screen.tsx';

function renderWith(maintenanceUntil: string | null) {
  render(
    <AppConfigProvider config={{ ...testConfig, maintenance: true, maintenanceUntil }}>
      <MaintenanceScreen />
    </AppConfigProvider>,
  );
}

describe('MaintenanceScreen (spec 1)', () => {
  it("shows the product's name with the spec's two texts", () => {
    renderWith(null);
    expect(screen.getByText('NODR')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Sorry, we are at the maintenance.' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Please come back later')).toBeInTheDocument();
    expect(screen.queryByText(/Expected back/)).not.toBeInTheDocument();
  });

  it('shows the expected end, in UTC, when the server gives one', () => {
    renderWith('2026-11-27T14:30:00.000Z');
    const until = screen.getByText(/Expected back by/);
    expect(until).toHaveTextContent(/27 November 2026.*14:30 UTC/);
    expect(until.querySelector('time')).toHaveAttribute('datetime', '2026-11-27T14:30:00.000Z');
  });
});
