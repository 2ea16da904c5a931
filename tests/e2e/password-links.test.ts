import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  signUpViaApi,
  startServer,
  uniqueEmail,
  viewports,
} from './harness.ts';

const EXPIRED = 'This link is expired';
const CONFIRMED = 'Your e-mail is confirmed. Choose the password for your account.';

const visible = (page: Page, text: string) =>
  expect.poll(() => page.getByText(text, { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);

/** spec 2: the create- and reset-password pages check their link as they open, not on Submit. */
describe.each(Object.keys(viewports) as (keyof typeof viewports)[])('password links on %s', (viewport) => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('confirms the e-mail only for a live link, and shows the expired page at once for a used one', async () => {
    const email = uniqueEmail('links');
    const register = await fetch(`${server.url}/auth/guest/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login: email }).toString(),
    });
    expect(register.status).toBe(200);
    const link = await server.mail.linkFor(email, '/createPassword/');

    const page = await newPage(browser, viewport);
    await page.goto(link);
    await visible(page, CONFIRMED);
    await expectNoAxeViolations(page);
    await screenshot(page, 'create-password-live-link');
    await page.getByLabel('New password', { exact: true }).fill('correct horse 42');
    await page.getByLabel('Confirm password', { exact: true }).fill('correct horse 42');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/createAccount');

    // The same link again, as from the mail once more: used, so the expired page, without a form.
    const again = await newPage(browser, viewport);
    await again.goto(link);
    await visible(again, EXPIRED);
    expect(await again.getByText(CONFIRMED).count()).toBe(0);
    expect(await again.getByLabel('New password', { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(again);
    await screenshot(again, 'create-password-used-link');
    await page.context().close();
    await again.context().close();
  });

  it('shows the expired page at once for a bogus reset link, and the form for a live one', async () => {
    const page = await newPage(browser, viewport);
    await page.goto(`${server.url}/resPassword/not-a-real-link`);
    await visible(page, EXPIRED);
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'reset-password-bogus-link');

    const account = await signUpViaApi(server);
    const recovery = await fetch(`${server.url}/auth/guest/recovery-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login: account.email, url: `${server.url}/resPassword` }).toString(),
    });
    expect(recovery.status).toBe(200);
    await page.goto(await server.mail.linkFor(account.email, '/resPassword/'));
    await expect
      .poll(() => page.getByRole('button', { name: 'Submit' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByText(EXPIRED).count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'reset-password-live-link');
    await page.context().close();
  });
});
