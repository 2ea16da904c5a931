import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSettings, settingsApi } from '../../../tests/fakes/settings-screens.tsx';
import { settingsUser } from '../../../tests/fixtures/settings-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const uri = `otpauth://totp/NODR%20Dashboard:ada%40example.com?secret=${secret}`;
const codes = Array.from({ length: 10 }, (_, i) => `abcde-1234${i}`);

function open(enabled: boolean, handlers: Parameters<typeof settingsApi>[0] = {}) {
  const api = settingsApi({
    'GET /auth/v1/two-factor': () => ({ status: 200, body: { enabled } }),
    ...handlers,
  });
  renderSettings(settingsUser, 'security');
  const user = userEvent.setup();
  const section = screen.getByRole('region', { name: 'Two-factor sign-in' });
  return {
    api,
    user,
    section,
    show: () => user.click(within(section).getByRole('button', { name: /Show the two-factor/ })),
  };
}

describe('Settings, Two-factor sign-in', () => {
  it('turns on: QR code drawn locally, the secret as text, a code, then the recovery codes once', async () => {
    const { api, user, section, show } = open(false, {
      'POST /auth/v1/two-factor/setup': () => ({ status: 200, body: { secret, uri } }),
      'POST /auth/v1/two-factor/enable': (call) =>
        (call.json as { code: string }).code === '123456'
          ? { status: 200, body: { recovery_codes: codes } }
          : { status: 400, body: { error: 'invalid_code', message: 'Incorrect code' } },
    });
    expect(api.calls).toEqual([]);
    await show();
    await user.click(await within(section).findByRole('button', { name: 'Set up two-factor sign-in' }));
    const qr = await within(section).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(section).getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    const code = within(section).getByRole('textbox', { name: 'Code from the app' });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await user.type(code, '000000');
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Incorrect code');
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));

    const list = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    await user.click(within(section).getByRole('button', { name: 'Copy codes' }));
    expect(await within(section).findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(codes.join('\n'));
    // The section cannot be closed while the codes are shown.
    expect(within(section).getByRole('button', { name: /Hide the two-factor/ })).toBeDisabled();
    await user.click(within(section).getByRole('button', { name: 'I have saved them' }));
    expect(within(section).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(within(section).getByRole('status')).toHaveTextContent('Two-factor sign-in is on');
  });

  it('turns off with the password and a code, saying what was wrong', async () => {
    const { api, user, section, show } = open(true, {
      'POST /auth/v1/two-factor/disable': (call) =>
        (call.json as { password: string }).password === 'secret1'
          ? { status: 200, body: { ok: true } }
          : { status: 400, body: { error: 'incorrect_password', message: 'Incorrect password' } },
    });
    await show();
    await user.click(await within(section).findByRole('button', { name: 'Turn off two-factor sign-in' }));
    await user.click(within(section).getByRole('button', { name: 'Turn off' }));
    expect(within(section).getByText('Required field')).toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual(['/auth/v1/two-factor']);

    await user.type(within(section).getByLabelText('Password', { selector: 'input' }), 'wrong-1');
    await user.type(within(section).getByRole('textbox', { name: /Code from the app/ }), '654321');
    await user.click(within(section).getByRole('button', { name: 'Turn off' }));
    expect(await within(section).findByText('Incorrect password')).toBeInTheDocument();
    const password = within(section).getByLabelText('Password', { selector: 'input' });
    await user.clear(password);
    await user.type(password, 'secret1');
    await user.click(within(section).getByRole('button', { name: 'Turn off' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Two-factor sign-in is off');
    expect(api.calls.at(-1)).toMatchObject({ json: { password: 'secret1', code: '654321' } });
  });

  it('makes new recovery codes with the password and a code, and shows them once', async () => {
    const fresh = Array.from({ length: 10 }, (_, i) => `fghij-5678${i}`);
    const { api, user, section, show } = open(true, {
      'POST /auth/v1/two-factor/recovery-codes': (call) =>
        (call.json as { code: string }).code === '123456'
          ? { status: 200, body: { recovery_codes: fresh } }
          : { status: 400, body: { error: 'invalid_code', message: 'Incorrect code' } },
    });
    await show();
    await user.click(await within(section).findByRole('button', { name: 'Make new recovery codes' }));
    const form = within(section).getByRole('form', { name: 'Make new recovery codes' });
    await user.click(within(form).getByRole('button', { name: 'Make new codes' }));
    expect(within(form).getByText('Required field')).toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual(['/auth/v1/two-factor']);

    await user.type(within(form).getByLabelText('Password', { selector: 'input' }), 'secret1');
    const code = within(form).getByRole('textbox', { name: /Code from the app/ });
    await user.type(code, '000000');
    await user.click(within(form).getByRole('button', { name: 'Make new codes' }));
    expect(await within(form).findByText('Incorrect code')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(within(form).getByRole('button', { name: 'Make new codes' }));
    expect(api.calls.at(-1)).toMatchObject({ json: { password: 'secret1', code: '123456' } });

    const list = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(fresh);
    expect(within(section).getByRole('button', { name: /Hide the two-factor/ })).toBeDisabled();
    await user.click(within(section).getByRole('button', { name: 'I have saved them' }));
    expect(within(section).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(within(section).getByRole('status')).toHaveTextContent(
      'New recovery codes made: the old ones no longer work',
    );
  });

  it('cancels making new recovery codes without a call', async () => {
    const { api, user, section, show } = open(true);
    await show();
    await user.click(await within(section).findByRole('button', { name: 'Make new recovery codes' }));
    await user.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(within(section).queryByRole('form', { name: 'Make new recovery codes' })).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Make new recovery codes' })).toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual(['/auth/v1/two-factor']);
  });

  it('offers a retry when the status cannot be loaded', async () => {
    let fail = true;
    const { user, section, show } = open(false, {
      'GET /auth/v1/two-factor': () =>
        fail
          ? { status: 500, body: { error: 'internal', message: 'x' } }
          : { status: 200, body: { enabled: false } },
    });
    await show();
    expect(await within(section).findByRole('alert')).toHaveTextContent('Could not load');
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(
      await within(section).findByRole('button', { name: 'Set up two-factor sign-in' }),
    ).toBeInTheDocument();
  });
});
