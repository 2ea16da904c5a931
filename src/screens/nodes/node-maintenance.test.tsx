import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MAINTENANCE_MESSAGES } from '../../../contracts/node-maintenance.ts';
import { fakeNodesApi, renderNodes, viewerSession } from '../../../tests/fakes/node-screens.tsx';
import { makeNode, nodesByDisplay } from '../../../tests/fixtures/node-fixtures.ts';
import { MyNodrScreen } from './my-nodr-screen.tsx';

/** The card's maintenance: the dialog for admins, the text for everyone (docs/alerts.md#maintenance). */

const { active } = nodesByDisplay;
const MINUTE = 60_000;
const hhmm = (at: Date) => at.toISOString().slice(11, 16);

function inMaintenance(endsInMs: number, startsInMs = 0) {
  const now = Date.now();
  return makeNode({
    ...active,
    name: 'Berlin',
    maintenance: {
      startsAt: new Date(now + startsInMs).toISOString(),
      endsAt: new Date(now + endsInMs).toISOString(),
    },
  });
}

const card = () => screen.findByRole('article', { name: 'NODR Berlin' });

describe('node card: maintenance', () => {
  it('sets a 1-hour window from the dialog; the card then says "Maintenance until …" and offers End maintenance', async () => {
    const api = fakeNodesApi([makeNode({ ...active, name: 'Berlin', maintenance: null })]);
    renderNodes({ '/myNodr': <MyNodrScreen /> }, '/myNodr');
    await userEvent.click(within(await card()).getByRole('button', { name: 'Maintenance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maintenance' });
    expect(within(dialog).getByRole('radio', { name: '30 minutes' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '30 minutes' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('radio', { name: '1 hour' }));
    const before = Date.now();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = api.calls.find((call) => call.method === 'PUT' && call.path.endsWith('/maintenance'))!;
    const endsAt = new Date(put.form.endsAt!).getTime();
    expect(endsAt - before).toBeGreaterThanOrEqual(60 * MINUTE - 1000);
    expect(endsAt - before).toBeLessThanOrEqual(60 * MINUTE + 5000);
    expect(put.form.startsAt).toBeUndefined();
    const shown = await card();
    expect(within(shown).getByText(`Maintenance until ${hhmm(new Date(endsAt))} UTC`)).toBeVisible();

    await userEvent.click(within(shown).getByRole('button', { name: 'End maintenance' }));
    await waitFor(() => expect(within(shown).queryByText(/^Maintenance until/)).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.method === 'DELETE' && call.path.endsWith('/maintenance'))).toBe(
      true,
    );
  });

  it('sends a custom end and a scheduled start as UTC', async () => {
    const api = fakeNodesApi([makeNode({ ...active, name: 'Berlin', maintenance: null })]);
    renderNodes({ '/myNodr': <MyNodrScreen /> }, '/myNodr');
    await userEvent.click(within(await card()).getByRole('button', { name: 'Maintenance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maintenance' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Custom end' }));
    const end = within(dialog).getByLabelText('End (UTC)');
    await userEvent.clear(end);
    await userEvent.type(end, '2030-01-02T18:15');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Start later' }));
    const start = within(dialog).getByLabelText('Start (UTC)');
    await userEvent.clear(start);
    await userEvent.type(start, '2030-01-02T16:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const put = api.calls.find((call) => call.method === 'PUT' && call.path.endsWith('/maintenance'))!;
    expect(put.form).toEqual({ startsAt: '2030-01-02T16:00:00.000Z', endsAt: '2030-01-02T18:15:00.000Z' });
    expect(within(await card()).getByText('Maintenance from 2 Jan 16:00 to 2 Jan 18:15 UTC')).toBeVisible();
  });

  it("keeps the dialog open with the server's readable message", async () => {
    fakeNodesApi([makeNode({ ...active, name: 'Berlin', maintenance: null })], {
      overrides: {
        'PUT /api/v1/nodres/team/3/7/maintenance': () => ({
          status: 400,
          body: { error: 'invalid_maintenance', message: MAINTENANCE_MESSAGES.endInPast },
        }),
      },
    });
    renderNodes({ '/myNodr': <MyNodrScreen /> }, '/myNodr');
    await userEvent.click(within(await card()).getByRole('button', { name: 'Maintenance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maintenance' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MAINTENANCE_MESSAGES.endInPast);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('disables Save while the window is being sent', async () => {
    const api = fakeNodesApi([makeNode({ ...active, name: 'Berlin', maintenance: null })]);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') await gate;
      return api.fetch(input, init);
    });
    renderNodes({ '/myNodr': <MyNodrScreen /> }, '/myNodr');
    await userEvent.click(within(await card()).getByRole('button', { name: 'Maintenance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maintenance' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a viewer the text but no controls', async () => {
    fakeNodesApi([inMaintenance(30 * MINUTE)]);
    renderNodes({ '/myNodr': <MyNodrScreen /> }, '/myNodr', undefined, viewerSession);
    const shown = await card();
    const endsAt = new Date(Date.now() + 30 * MINUTE);
    expect(
      within(shown).getByText(new RegExp(`^Maintenance until ${hhmm(endsAt).slice(0, 3)}`)),
    ).toBeVisible();
    expect(within(shown).queryByRole('button', { name: /maintenance/i })).not.toBeInTheDocument();
  });
});
