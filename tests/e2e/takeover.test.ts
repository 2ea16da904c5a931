import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  signInThroughUi,
  signUpViaApi,
  startServer,
  uniqueEmail,
  viewports,
} from './harness.ts';

/**
 * Taking an account back, in a real browser with real mail: an intruder who knows the password asks to move the account
 * to their address; the owner changes the password; the intruder's link is dead and the owner still signs in. And
 * the old address's one-click cancel link.
 */

const EXPIRED = 'This link is expired';
const CANCELLED = 'The e-mail change has been cancelled';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

async function expectVisible(page: Page, text: string): Promise<void> {
  await eventually(() => page.getByText(text, { exact: true }).first().isVisible()).toBe(true);
}

/** Opens a page of Settings by its address, e.g. 'account' for /settings/account. */
async function openSettings(page: Page, server: RunningServer, slug: string): Promise<void> {
  await page.goto(`${server.url}/settings/${slug}`);
  await eventually(() => page.getByRole('heading', { level: 1, name: 'Settings' }).isVisible()).toBe(true);
}

async function capture(page: Page, name: string): Promise<void> {
  for (const viewport of ['phone', 'desktop'] as const) {
    await page.setViewportSize(viewports[viewport]);
    await expectNoAxeViolations(page, `${name} (${viewport})`);
    await screenshot(page, name);
  }
}

describe('takeover through a pending e-mail change, in the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('ends with the owner signing in after changing the password; the intruder link is dead', async () => {
    const owner = await signUpViaApi(server);
    const intruderAddress = uniqueEmail('intruder');

    const intruder = await newPage(browser);
    await signInThroughUi(intruder, server, owner);
    await openSettings(intruder, server, 'account');
    const emailSection = intruder.getByRole('region', { name: 'Change e-mail' });
    await emailSection.getByLabel('New e-mail', { exact: true }).fill(intruderAddress);
    await emailSection.getByLabel('Current password', { exact: true }).fill(owner.password);
    await emailSection.getByRole('button', { name: 'Change e-mail', exact: true }).click();
    await expectVisible(intruder, 'Request in progress');
    const intruderLink = await server.mail.linkFor(intruderAddress, '/changeEmail/');
    // The owner's mailbox hears of it at once, with a way to cancel.
    await server.mail.linkFor(owner.email, '/cancelEmailChange/');

    const ownerPage = await newPage(browser);
    await signInThroughUi(ownerPage, server, owner);
    await openSettings(ownerPage, server, 'security');
    const passwordSection = ownerPage.getByRole('region', { name: 'Change password' });
    await passwordSection.getByRole('button', { name: 'Show the change password form' }).click();
    await passwordSection.getByLabel('Current password', { exact: true }).fill(owner.password);
    await passwordSection.getByLabel('New password', { exact: true }).fill('owner took it back');
    await passwordSection.getByLabel('Retype new password', { exact: true }).fill('owner took it back');
    await passwordSection.getByRole('button', { name: 'Change password', exact: true }).click();
    await expectVisible(ownerPage, 'Password changed successfully');

    await intruder.goto(intruderLink);
    await expectVisible(intruder, EXPIRED);
    const recovery = await fetch(`${server.url}/auth/guest/recovery-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login: intruderAddress }).toString(),
    });
    expect(recovery.status).toBe(200);
    await intruder.context().close();

    await ownerPage.context().clearCookies();
    await ownerPage.evaluate(() => localStorage.clear());
    await signInThroughUi(ownerPage, server, { email: owner.email, password: 'owner took it back' });
    expect(
      server.mail.mails.some(
        (mail) => mail.to.includes(intruderAddress) && mail.text.includes('/resPassword/'),
      ),
    ).toBe(false);
    await ownerPage.context().close();
  });

  it('cancels a pending change from the old mailbox in one click, then the link is spent', async () => {
    const owner = await signUpViaApi(server);
    const newAddress = uniqueEmail('new');
    const page = await newPage(browser);
    await signInThroughUi(page, server, owner);
    await openSettings(page, server, 'account');
    const section = page.getByRole('region', { name: 'Change e-mail' });
    await section.getByLabel('New e-mail', { exact: true }).fill(newAddress);
    await section.getByLabel('Current password', { exact: true }).fill(owner.password);
    await section.getByRole('button', { name: 'Change e-mail', exact: true }).click();
    await expectVisible(page, 'Request in progress');
    const cancelLink = await server.mail.linkFor(owner.email, '/cancelEmailChange/');
    const confirmLink = await server.mail.linkFor(newAddress, '/changeEmail/');

    const visitor = await newPage(browser);
    await visitor.goto(cancelLink);
    await expectVisible(visitor, CANCELLED);
    await capture(visitor, 'cancel-email-change-success');
    await visitor.goto(cancelLink);
    await expectVisible(visitor, EXPIRED);
    await capture(visitor, 'cancel-email-change-expired');
    await visitor.goto(confirmLink);
    await expectVisible(visitor, EXPIRED);
    await visitor.context().close();

    await openSettings(page, server, 'account');
    await eventually(() => section.getByLabel('New e-mail', { exact: true }).isVisible()).toBe(true);
    await page.context().close();
  });
});
