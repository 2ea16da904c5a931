import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALERT_CHANNEL_ERRORS, type AlertChannelBody } from '../../../contracts/alert-channels.ts';
import { renderSettings, settingsApi } from '../../../tests/fakes/settings-screens.tsx';
import { settingsUser } from '../../../tests/fixtures/settings-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const SECRET = `whsec_${'Q'.repeat(44)}`;
const LIST = 'GET /auth/v1/teams/11/alert-channels';

const ops: AlertChannelBody = {
  id: 1,
  type: 'webhook',
  name: 'Ops',
  url: 'https://hooks.example.com/ops',
  chatId: null,
  offlineDelayMinutes: 0,
  switchedOffAt: null,
  createdAt: minutesAgo(60),
  lastDelivery: {
    at: minutesAgo(5),
    event: 'node.offline',
    status: 200,
    ok: true,
    durationMs: 120,
    detail: 'ok',
    nextAttemptAt: null,
  },
};
const chat: AlertChannelBody = {
  id: 2,
  type: 'telegram',
  name: 'On call',
  url: null,
  chatId: '-1001234567890',
  offlineDelayMinutes: 15,
  switchedOffAt: null,
  createdAt: minutesAgo(60),
  lastDelivery: {
    at: minutesAgo(2),
    event: 'node.offline',
    status: 500,
    ok: false,
    durationMs: 80,
    detail: 'boom',
    nextAttemptAt: minutesAgo(-1),
  },
};

const section = () => screen.getByRole('region', { name: 'Alert channels' });
const rows = () => within(section()).queryAllByRole('listitem');
const viewer = { ...settingsUser, TeamsRender: [{ id: 11, name: 'Analytical Engines', role: 20 }] };

// The journeys below click through several steps; on a busy 2-core machine they get more than the default 5 s.
describe('Settings, alert channels', () => {
  it('lists each channel with its type, target and last delivery', async () => {
    settingsApi({ [LIST]: () => ({ status: 200, body: { channels: [ops, chat] } }) });
    renderSettings(settingsUser, 'alerts');
    expect(await within(section()).findByText('Ops')).toBeInTheDocument();
    const [webhook, telegram] = rows();
    expect(webhook).toHaveTextContent('Webhook');
    expect(webhook).toHaveTextContent('https://hooks.example.com/ops');
    expect(webhook).toHaveTextContent('Last delivery: 200 in 120 ms, 5 minutes ago');
    expect(telegram).toHaveTextContent('Telegram');
    expect(telegram).toHaveTextContent('Chat -1001234567890');
    expect(webhook).toHaveTextContent('Offline alert: immediately');
    expect(telegram).toHaveTextContent('Offline alert: after 15 minutes');
    expect(telegram).toHaveTextContent('Last delivery failed: 500 in 80 ms, 2 minutes ago');
  });

  it('adds a webhook: Save waits for the name and URL, then the secret is shown once with a copy button', async () => {
    const api = settingsApi({
      'POST /auth/v1/teams/11/alert-channels': (call) => ({
        status: 201,
        body: { channel: { ...ops, ...(call.json as object), id: 3, lastDelivery: null }, secret: SECRET },
      }),
    });
    renderSettings(settingsUser, 'alerts');
    const user = userEvent.setup();
    await within(section()).findByText('This team has no alert channels.');
    await user.click(within(section()).getByRole('button', { name: 'Add channel' }));
    expect(within(section()).getByLabelText('Type')).toHaveFocus();
    expect(
      within(within(section()).getByLabelText('Type'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Webhook', 'Slack', 'Discord', 'Telegram', 'E-mail']);
    await user.click(within(section()).getByRole('button', { name: 'Save' }));
    expect(within(section()).getByRole('alert')).toHaveTextContent('Give the channel a name.');
    expect(api.calls).toEqual([]);

    await user.type(within(section()).getByLabelText('Name'), 'Receiver');
    await user.type(within(section()).getByLabelText('URL'), 'https://hooks.example.com/r');
    expect(within(section()).getByLabelText('Offline alert')).toHaveValue('0');
    await user.selectOptions(within(section()).getByLabelText('Offline alert'), 'After 5 minutes');
    await user.click(within(section()).getByRole('button', { name: 'Save' }));

    expect(await within(section()).findByLabelText('Signing secret')).toHaveValue(SECRET);
    expect(within(section()).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    expect(api.calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/auth/v1/teams/11/alert-channels',
        json: {
          type: 'webhook',
          name: 'Receiver',
          url: 'https://hooks.example.com/r',
          offlineDelayMinutes: 5,
        },
      }),
    ]);
    expect(rows()[0]).toHaveTextContent('No delivery yet');
    await user.click(within(section()).getByRole('button', { name: 'I have copied it' }));
    expect(section()).not.toHaveTextContent(SECRET);
  }, 15_000);

  it('asks Telegram for a bot token and chat id, and shows the server’s refusal readably', async () => {
    const api = settingsApi({
      'POST /auth/v1/teams/11/alert-channels': () => ({
        status: 400,
        body: ALERT_CHANNEL_ERRORS.badTelegram,
      }),
    });
    renderSettings(settingsUser, 'alerts');
    const user = userEvent.setup();
    await user.click(await within(section()).findByRole('button', { name: 'Add channel' }));
    await user.selectOptions(within(section()).getByLabelText('Type'), 'Telegram');
    expect(within(section()).queryByLabelText('URL')).not.toBeInTheDocument();
    await user.type(within(section()).getByLabelText('Name'), 'Chat');
    await user.type(within(section()).getByLabelText('Bot token'), 'nope');
    await user.type(within(section()).getByLabelText('Chat id'), '42');
    await user.click(within(section()).getByRole('button', { name: 'Save' }));
    expect(await within(section()).findByText(ALERT_CHANNEL_ERRORS.badTelegram.message)).toBeInTheDocument();
    expect(within(section()).getByLabelText('Name')).toHaveValue('Chat');
    expect(api.calls[0]?.json).toEqual({
      type: 'telegram',
      name: 'Chat',
      botToken: 'nope',
      chatId: '42',
      offlineDelayMinutes: 0,
    });
  }, 15_000);

  it('adds an E-mail channel with no target field, and its row says who it mails', async () => {
    const mailed: AlertChannelBody = {
      ...ops,
      id: 3,
      type: 'email',
      name: 'Admins',
      url: null,
      lastDelivery: { ...ops.lastDelivery!, status: null, detail: 'Mail queued for 2 admins' },
    };
    let saved: AlertChannelBody[] = [];
    const api = settingsApi({
      [LIST]: () => ({ status: 200, body: { channels: saved } }),
      'POST /auth/v1/teams/11/alert-channels': () => {
        saved = [mailed];
        return { status: 201, body: { channel: mailed, secret: null } };
      },
    });
    renderSettings(settingsUser, 'alerts');
    const user = userEvent.setup();
    await user.click(await within(section()).findByRole('button', { name: 'Add channel' }));
    await user.selectOptions(within(section()).getByLabelText('Type'), 'E-mail');
    expect(within(section()).queryByLabelText('URL')).not.toBeInTheDocument();
    expect(within(section()).queryByLabelText('Chat id')).not.toBeInTheDocument();
    await user.type(within(section()).getByLabelText('Name'), 'Admins');
    await user.click(within(section()).getByRole('button', { name: 'Save' }));

    await within(section()).findByText('Admins with alerts on');
    expect(api.calls.find((call) => call.method === 'POST')?.json).toEqual({
      type: 'email',
      name: 'Admins',
      offlineDelayMinutes: 0,
    });
    const [row] = rows();
    expect(row).toHaveTextContent('E-mail');
    expect(row).toHaveTextContent('Admins with alerts on');
    expect(row).toHaveTextContent('Last delivery: Mail queued for 2 admins, 5 minutes ago');
    expect(within(section()).queryByLabelText('Signing secret')).not.toBeInTheDocument();
  }, 15_000);

  it('sends a test and shows its result in the row; edits; removes only after the confirmation', async () => {
    const api = settingsApi({
      [LIST]: () => ({ status: 200, body: { channels: [ops] } }),
      'POST /auth/v1/teams/11/alert-channels/1/test': () => ({
        status: 200,
        body: { ...ops.lastDelivery, at: new Date().toISOString(), status: 404, ok: false, durationMs: 33 },
      }),
      'PUT /auth/v1/teams/11/alert-channels/1': (call) => ({
        status: 200,
        body: { ...ops, ...(call.json as object) },
      }),
      'DELETE /auth/v1/teams/11/alert-channels/1': () => ({ status: 200, body: { ok: true } }),
    });
    renderSettings(settingsUser, 'alerts');
    const user = userEvent.setup();
    await within(section()).findByText('Ops');
    await user.click(within(section()).getByRole('button', { name: 'Send test to Ops' }));
    await vi.waitFor(() =>
      expect(rows()[0]).toHaveTextContent('Last delivery failed: 404 in 33 ms, just now'),
    );

    await user.click(within(section()).getByRole('button', { name: 'Edit Ops' }));
    expect(within(section()).getByLabelText('Type')).toBeDisabled();
    const name = within(section()).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Ops team');
    await user.selectOptions(within(section()).getByLabelText('Offline alert'), 'After 1 hour');
    await user.click(within(section()).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(rows()[0]).toHaveTextContent('Ops team'));

    await user.click(within(section()).getByRole('button', { name: 'Remove Ops team' }));
    await user.click(within(section()).getByRole('button', { name: 'Cancel' }));
    expect(rows()).toHaveLength(1);
    await user.click(within(section()).getByRole('button', { name: 'Remove Ops team' }));
    await user.click(within(section()).getByRole('button', { name: 'Remove channel' }));
    await within(section()).findByText('This team has no alert channels.');
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /auth/v1/teams/11/alert-channels/1/test',
      'PUT /auth/v1/teams/11/alert-channels/1',
      'DELETE /auth/v1/teams/11/alert-channels/1',
    ]);
    expect(api.calls[1]?.json).toEqual({
      name: 'Ops team',
      url: 'https://hooks.example.com/ops',
      offlineDelayMinutes: 60,
    });
  }, 20_000);

  it('rotates a webhook’s secret once asked to confirm, and shows the new one once', async () => {
    const api = settingsApi({
      [LIST]: () => ({ status: 200, body: { channels: [ops] } }),
      'POST /auth/v1/teams/11/alert-channels/1/secret': () => ({ status: 200, body: { secret: SECRET } }),
    });
    renderSettings(settingsUser, 'alerts');
    const user = userEvent.setup();
    const rotate = await within(section()).findByRole('button', { name: 'Rotate secret of Ops' });
    await user.click(rotate);
    const question = within(section()).getByRole('group', {
      name: 'Rotate the signing secret of “Ops”? The old one stops working at once: the receiver refuses deliveries until it has the new one.',
    });
    // The confirm button has the focus; Cancel (or Escape) leaves the secret as it is.
    expect(within(question).getByRole('button', { name: 'Rotate secret' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(api.calls).toEqual([]);
    expect(within(section()).queryByRole('group')).not.toBeInTheDocument();

    await user.click(rotate);
    await user.click(within(section()).getByRole('button', { name: 'Rotate secret' }));
    expect(await within(section()).findByLabelText('Signing secret')).toHaveValue(SECRET);
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /auth/v1/teams/11/alert-channels/1/secret',
    ]);
  });

  it('says a channel was switched off after failing for 24 hours, and switches it on again', async () => {
    const off = { ...ops, switchedOffAt: minutesAgo(10) };
    const api = settingsApi({
      [LIST]: () => ({ status: 200, body: { channels: [off] } }),
      'POST /auth/v1/teams/11/alert-channels/1/switch-on': () => ({ status: 200, body: ops }),
    });
    renderSettings(settingsUser, 'alerts');
    const user = userEvent.setup();
    await within(section()).findByText('Ops');
    expect(rows()[0]).toHaveTextContent('Switched off after failing for 24 hours');
    await user.click(within(section()).getByRole('button', { name: 'Switch on Ops' }));
    await vi.waitFor(() => expect(rows()[0]).not.toHaveTextContent('Switched off'));
    expect(within(section()).queryByRole('button', { name: 'Switch on Ops' })).not.toBeInTheDocument();
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /auth/v1/teams/11/alert-channels/1/switch-on',
    ]);
  });

  it('shows a Viewer the channels without any button', async () => {
    settingsApi({ [LIST]: () => ({ status: 200, body: { channels: [ops, chat] } }) });
    renderSettings(viewer, 'alerts');
    await within(section()).findByText('Ops');
    expect(within(section()).queryAllByRole('button')).toEqual([]);
    expect(section()).toHaveTextContent('Only Admins of the team can change them.');
  });
});
