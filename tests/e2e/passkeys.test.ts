import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiAccount,
  artifactsDir,
  expectNoAxeViolations,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  signInThroughUi,
  signUpViaApi,
  startServer,
  viewports,
} from './harness.ts';

/**
 * Passkeys in a real Chromium with its virtual authenticator (a platform authenticator that keeps discoverable
 * credentials and verifies the user): add a passkey in Settings, sign out, sign in again with it alone.
 */

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
/** The review widths: a common laptop and a phone. */
const SIZES = { desktop: { width: 1440, height: 900 }, phone: viewports.phone } as const;

async function withVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

async function atBothWidths(page: Page, label: string, region?: Locator): Promise<void> {
  for (const viewport of ['phone', 'desktop'] as const) {
    await page.setViewportSize(SIZES[viewport]);
    await expectNoAxeViolations(page, `${label} (${viewport})`);
    await screenshot(page, label);
    // The section alone too: a full phone page is too tall to read.
    if (region)
      await region.screenshot({
        path: path.join(artifactsDir, 'screenshots', `${label}-region-${viewport}.png`),
      });
  }
}

describe('passkeys in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let account: ApiAccount;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    account = await signUpViaApi(server);
    page = await newPage(browser, 'desktop');
    await withVirtualAuthenticator(page);
    await page.addInitScript(() => {
      if (sessionStorage.getItem('e2e-no-autofill'))
        PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('adds a passkey in Settings (password, then a name), signs out, and signs in again with the passkey alone', async () => {
    expect(server.url).toMatch(/^http:\/\/localhost:\d+$/);
    await signInThroughUi(page, server, account);
    await page.goto(`${server.url}/settings/security`);
    const section = page.getByRole('region', { name: 'Passkeys' });
    await eventually(() => section.getByText('You have no passkeys yet.').isVisible()).toBe(true);
    await atBothWidths(page, 'settings-passkeys-empty', section);

    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const passwordDialog = page.getByRole('dialog', { name: 'Add a passkey' });
    const password = passwordDialog.getByLabel('Current password', { exact: true });
    await eventually(() => password.evaluate((input) => input === document.activeElement)).toBe(true);
    await password.fill('not my password');
    await passwordDialog.getByRole('button', { name: 'Continue' }).click();
    await eventually(() => passwordDialog.getByText('Incorrect password').isVisible()).toBe(true);
    await password.fill(account.password);
    await passwordDialog.getByRole('button', { name: 'Continue' }).click();

    const nameDialog = page.getByRole('dialog', { name: 'Name your passkey' });
    const name = nameDialog.getByLabel('Passkey name');
    await eventually(() => name.evaluate((input) => input === document.activeElement)).toBe(true);
    await atBothWidths(page, 'settings-passkeys-name-dialog');
    await name.fill('Work laptop');
    await nameDialog.getByRole('button', { name: 'Create passkey' }).click();
    await eventually(() => section.getByText('Work laptop').isVisible()).toBe(true);
    expect(await section.getByText('Never used').isVisible()).toBe(true);
    await atBothWidths(page, 'settings-passkeys', section);

    // Chromium's virtual authenticator answers the e-mail field's autofill (conditional UI) at once, as if the
    // person picked the passkey there. To see the button first, this browser says it has no such autofill.
    await page.evaluate(() => sessionStorage.setItem('e2e-no-autofill', '1'));
    await page.reload();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/`);
    await eventually(() => page.getByRole('button', { name: 'Sign in with a passkey' }).isVisible()).toBe(
      true,
    );
    expect(await page.getByLabel('E-mail').getAttribute('autocomplete')).toBe('username webauthn');
    await atBothWidths(page, 'login-passkey', page.getByRole('main'));

    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${server.url}/myNodr`);
    await page.goto(`${server.url}/settings/security`);
    await eventually(() => section.getByText(/Last used/).isVisible()).toBe(true);
    await page.goto(`${server.url}/settings/activity`);
    const activity = page.getByRole('region', { name: 'Recent activity' });
    await eventually(() => activity.getByText('Signed in with a passkey').isVisible()).toBe(true);
    expect(await activity.getByText('Passkey added').isVisible()).toBe(true);

    // With the autofill the browser offers: signed out, the login screen signs in with the passkey by itself.
    await page.evaluate(() => sessionStorage.removeItem('e2e-no-autofill'));
    await page.reload();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.url}/myNodr`);
    expect(await page.evaluate(() => localStorage.getItem('bearer_access_token'))).toBeTruthy();
    // Axe and two widths at four places: more than the default minute on a shared 2-core machine.
  }, 240_000);
});
