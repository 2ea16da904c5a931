import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiAccount,
  expectNoAxeViolations,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  signInThroughUi,
  signUpViaApi,
  startServer,
} from './harness.ts';

/**
 * Two-factor sign-in and sign-in throttling in a real browser: turn two-factor sign-in on in Settings, sign out, sign in with a
 * code computed here from the secret the screen showed; then, after failures from elsewhere, the known browser
 * still signs in while a stranger is throttled.
 */

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

/** The code an authenticator app shows `periods` periods from now (the server takes one period either side). */
const codeOf = (secret: string, periods = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + periods * 30_000 });

async function signInWithPassword(page: Page, server: RunningServer, account: ApiAccount) {
  await page.goto(`${server.url}/`);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

describe('two-factor sign-in in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let account: ApiAccount;
  let secret = '';
  let firstCodes: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    account = await signUpViaApi(server);
    page = await newPage(browser);
    await signInThroughUi(page, server, account);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('turns two-factor sign-in on in Settings with the secret shown on screen', async () => {
    await page.goto(`${server.url}/settings/security`);
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByRole('button', { name: 'Show the two-factor sign-in settings' }).click();
    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await eventually(() =>
      section.getByRole('img', { name: 'QR code for your authenticator app' }).isVisible(),
    ).toBe(true);
    secret = ((await section.locator('code').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoAxeViolations(page, 'two-factor set-up');
    await screenshot(page, 'two-factor-setup');
    await section.getByRole('textbox', { name: 'Code from the app' }).fill(codeOf(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    const codes = section.getByRole('list', { name: 'Recovery codes' });
    await eventually(() => codes.getByRole('listitem').count()).toBe(10);
    await screenshot(page, 'two-factor-recovery-codes');
    firstCodes = await codes.getByRole('listitem').allTextContents();
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await eventually(() => section.getByText('Two-factor sign-in is on', { exact: true }).isVisible()).toBe(
      true,
    );
  });

  it('signs out, then signs in with the password and a code computed from that secret', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/`);
    await signInWithPassword(page, server, account);
    const code = page.getByRole('textbox', { name: 'Authentication code' });
    await eventually(() => code.isVisible()).toBe(true);
    expect(page.url()).toBe(`${server.url}/`);
    await expectNoAxeViolations(page, 'two-factor code step');
    await screenshot(page, 'two-factor-code-step');
    // Set-up used this period's code; the next period's is accepted and is no replay of it.
    await code.fill(codeOf(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${server.url}/myNodr`);
  });

  it('makes new recovery codes in Settings with the password and an old recovery code, shown once', async () => {
    await page.goto(`${server.url}/settings/security`);
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByRole('button', { name: 'Show the two-factor sign-in settings' }).click();
    await section.getByRole('button', { name: 'Make new recovery codes' }).click();
    const form = section.getByRole('form', { name: 'Make new recovery codes' });
    await form.getByLabel('Password', { exact: true }).fill(account.password);
    await form.getByRole('textbox', { name: 'Code from the app or a recovery code' }).fill(firstCodes[0]!);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      await screenshot(page, 'two-factor-new-codes-form');
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await form.getByRole('button', { name: 'Make new codes' }).click();
    const codes = section.getByRole('list', { name: 'Recovery codes' });
    await eventually(() => codes.getByRole('listitem').count()).toBe(10);
    const fresh = await codes.getByRole('listitem').allTextContents();
    expect(fresh.filter((code) => firstCodes.includes(code))).toEqual([]);
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await eventually(() =>
      section.getByText('New recovery codes made: the old ones no longer work', { exact: true }).isVisible(),
    ).toBe(true);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
      await screenshot(page, 'two-factor-new-codes-made');
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('lets this known browser sign in after failures from elsewhere, while a stranger is throttled', async () => {
    const attempt = (password: string) =>
      fetch(`${server.url}/auth/guest/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login: account.email, password }).toString(),
      }).then((response) => response.status);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push(await attempt(`wrong-${i}`));
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect(await attempt(account.password)).toBe(429);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/`);
    await signInWithPassword(page, server, account);
    // The password step passed: the code step shows.
    await eventually(() => page.getByRole('textbox', { name: 'Authentication code' }).isVisible()).toBe(true);
  });
});
