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
  uniqueEmail,
  viewports,
} from './harness.ts';

/**
 * The Settings journey in a real browser against the real server and its mail: profile, avatar, password,
 * e-mail change (resend, revoke, expired link, success) and account deletion, with axe and screenshots of every
 * screen and modal at desktop and phone width.
 */

const SUPPORT_EMAIL = 'help@nodr.test';
const EXPIRED = 'This link is expired';
const EXPIRED_BODY =
  'Unfortunately, this link is no longer valid. Please contact support if you need assistance';

/** Axe and a screenshot of what shows now, at phone and desktop width (ending at desktop). */
async function capture(page: Page, name: string): Promise<void> {
  for (const viewport of ['phone', 'desktop'] as const) {
    await page.setViewportSize(viewports[viewport]);
    // A layout switch restarts the frame's fade-in (display: none -> shown); check what a person sees after it.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.effect?.getTiming().iterations === Infinity || animation.playState !== 'running',
        ),
    );
    await expectNoAxeViolations(page, `${name} (${viewport})`);
    await screenshot(page, name);
  }
}

/** Polls for up to 15 s: pages load, the layout shows its loader, requests and mail take their time. */
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

async function expectVisible(page: Page, text: string): Promise<void> {
  await eventually(() => page.getByText(text, { exact: true }).first().isVisible()).toBe(true);
}

const region = (page: Page, name: string) => page.getByRole('region', { name });

/** Opens /settings, or one of its pages by address (e.g. 'account' for /settings/account). */
async function openSettings(page: Page, server: RunningServer, slug = ''): Promise<void> {
  await page.goto(`${server.url}/settings${slug ? `/${slug}` : ''}`);
  await eventually(() => page.getByRole('heading', { level: 1, name: 'Settings' }).isVisible()).toBe(true);
}

/** Moves to another page of Settings through its menu, as a person would. */
async function showSettingsPage(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name }).click();
  await eventually(() =>
    page.getByRole('link', { name, exact: true }).and(page.locator('[aria-current="page"]')).count(),
  ).toBe(1);
}

function hashOf(link: string): string {
  return new URL(link).pathname.split('/').at(-1) ?? '';
}

/** The first link with this path in a mail to `address` that arrived after the catcher was last cleared. */
async function nextLink(server: RunningServer, address: string, pathPrefix: string): Promise<string> {
  return server.mail.linkFor(address, pathPrefix);
}

describe('settings journey in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let account: ApiAccount;
  let password: string;
  let email: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ SUPPORT_EMAIL }), launchBrowser()]);
    account = await signUpViaApi(server, {
      name: 'Ada',
      surname: 'Lovelace',
      workspace: 'Analytical Engines',
    });
    password = account.password;
    email = account.email;
    page = await newPage(browser);
    await signInThroughUi(page, server, account);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('moves between the pages of Settings by address, menu, Back and Forward, and a select on a phone', async () => {
    await openSettings(page, server);
    const menu = page.getByRole('navigation', { name: 'Settings' });
    const current = menu.locator('[aria-current="page"]');
    expect(await current.textContent()).toBe('Profile');
    await expectVisible(page, 'Profile details');
    for (const [name, slug, heading] of [
      ['Security', 'security', 'Change password'],
      ['Team', 'team', 'Team'],
      ['Alerts', 'alerts', 'Notifications'],
      ['API tokens', 'api-tokens', 'API tokens'],
      ['Activity', 'activity', 'Recent activity'],
      ['Account', 'account', 'Delete account'],
    ] as const) {
      await menu.getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`${server.url}/settings/${slug}`);
      await eventually(() => current.textContent()).toBe(name);
      await eventually(() => region(page, heading).isVisible()).toBe(true);
      await capture(page, `settings-page-${slug}`);
    }
    await page.goBack();
    await page.waitForURL(`${server.url}/settings/activity`);
    await eventually(() => region(page, 'Recent activity').isVisible()).toBe(true);
    await page.goForward();
    await eventually(() => region(page, 'Delete account').isVisible()).toBe(true);

    await page.setViewportSize(viewports.phone);
    expect(await menu.isVisible()).toBe(false);
    const select = page.getByLabel('Settings section');
    expect(await select.inputValue()).toBe('account');
    await select.selectOption({ label: 'Security' });
    await page.waitForURL(`${server.url}/settings/security`);
    await eventually(() => region(page, 'Change password').isVisible()).toBe(true);
    await page.setViewportSize(viewports.desktop);
  });

  it('edits the profile details, which stay after a reload and show in the header', async () => {
    await openSettings(page, server);
    await capture(page, 'settings');
    const details = region(page, 'Profile details');
    await details.getByLabel('Name', { exact: true }).fill('  Grace ');
    await details.getByLabel('Surname', { exact: true }).fill('Hopper');
    await details.getByLabel('Phone', { exact: true }).fill('+1 555 0100');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expectVisible(page, 'Profile details saved');
    await eventually(() => page.getByRole('link', { name: 'Profile settings of Grace Hopper' }).count()).toBe(
      1,
    );
    await openSettings(page, server);
    expect(await region(page, 'Profile details').getByLabel('Name', { exact: true }).inputValue()).toBe(
      'Grace',
    );
    expect(await region(page, 'Profile details').getByLabel('Phone', { exact: true }).inputValue()).toBe(
      '+1 555 0100',
    );
  });

  it('chooses an avatar in the modal and sees it in the header', async () => {
    const header = page.getByRole('link', { name: /Profile settings of/ });
    expect(await header.locator('svg[data-avatar="0"]').count()).toBe(1);
    await region(page, 'Profile image').getByRole('button', { name: 'Change image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profile image' });
    await eventually(() => dialog.isVisible()).toBe(true);
    await capture(page, 'settings-profile-image-modal');
    await dialog.getByText('Fox', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => dialog.count()).toBe(0);
    await eventually(() => header.locator('svg[data-avatar="8"]').count()).toBe(1);
  });

  it('changes the password, then signs in with the new one', async () => {
    await showSettingsPage(page, 'Security');
    const section = region(page, 'Change password');
    await section.getByRole('button', { name: 'Show the change password form' }).click();
    await section.getByRole('button', { name: 'Change password', exact: true }).click();
    await expectVisible(page, 'All fields are required');
    await section.getByLabel('Current password', { exact: true }).fill('not my password');
    await section.getByLabel('New password', { exact: true }).fill('brand-new-secret');
    await section.getByLabel('Retype new password', { exact: true }).fill('brand-new-secret');
    await section.getByRole('button', { name: 'Change password', exact: true }).click();
    await expectVisible(page, 'Incorrect password');
    await capture(page, 'settings-change-password-error');
    await section.getByLabel('Current password', { exact: true }).fill(password);
    await section.getByRole('button', { name: 'Change password', exact: true }).click();
    await expectVisible(page, 'Password changed successfully');
    await eventually(() => section.getByText(/^Last changed/).isVisible()).toBe(true);
    password = 'brand-new-secret';

    const other = await newPage(browser);
    await signInThroughUi(other, server, { email, password });
    await other.context().close();
  });

  it('changes the e-mail through the link from the mail, with resend and revoke on the way', async () => {
    await showSettingsPage(page, 'Account');
    const section = region(page, 'Change e-mail');
    const firstAddress = uniqueEmail('first');
    server.mail.clear();
    await section.getByLabel('New e-mail', { exact: true }).fill(firstAddress);
    await section.getByLabel('Current password', { exact: true }).fill(password);
    await section.getByRole('button', { name: 'Change e-mail', exact: true }).click();
    await expectVisible(page, 'Request in progress');
    await expectVisible(page, firstAddress);
    await capture(page, 'settings-email-pending');
    const firstLink = await nextLink(server, firstAddress, '/changeEmail/');

    // One confirmation mail a minute, request and resend alike; the server says so and the screen shows it.
    await section.getByRole('button', { name: 'Resend', exact: true }).click();
    await eventually(() =>
      section
        .getByText('A new link was sent less than a minute ago. Please wait a minute and try again.')
        .isVisible(),
    ).toBe(true);
    const resentLink = firstLink;

    await section.getByRole('button', { name: 'Revoke', exact: true }).click();
    await eventually(() => section.getByLabel('New e-mail', { exact: true }).isVisible()).toBe(true);

    // The revoked request's link, like a superseded, used or expired one, is refused by the server.
    const visitor = await newPage(browser);
    await visitor.goto(resentLink);
    await expectVisible(visitor, EXPIRED);
    await expectVisible(visitor, EXPIRED_BODY);
    expect(await visitor.getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
    await capture(visitor, 'change-email-expired');

    // The next confirmation mail may go a minute after the last: the product restarted 2 minutes later (libfaketime).
    await server.restart({ timeShift: '+2 minutes' });
    await openSettings(page, server, 'account');
    const finalAddress = uniqueEmail('final');
    server.mail.clear();
    await section.getByLabel('New e-mail', { exact: true }).fill(finalAddress);
    await section.getByLabel('Current password', { exact: true }).fill(password);
    await section.getByRole('button', { name: 'Change e-mail', exact: true }).click();
    await expectVisible(page, 'Request in progress');
    const link = await nextLink(server, finalAddress, '/changeEmail/');
    await visitor.goto(link);
    await expectVisible(visitor, 'You have successfully changed your account e-mail');
    await capture(visitor, 'change-email-success');
    await visitor.context().close();

    email = finalAddress;
    await openSettings(page, server, 'account');
    await eventually(() => region(page, 'Change e-mail').getByText(finalAddress).isVisible()).toBe(true);
  });

  it("shows 'Unable to delete account' for a blocking pre-check (answer stubbed: no invitations exist yet)", async () => {
    await page.route('**/auth/v1/user/*/info_delete', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 402,
          statusMessage: 'You are the only Admin of a team that has other users.',
          teams: [
            {
              id: account.teamId,
              name: 'Analytical Engines',
              role: 10,
              permissionToDelete: 20,
              countAdmin: 1,
              countUser: 3,
            },
          ],
        }),
      }),
    );
    await region(page, 'Delete account').getByRole('button', { name: 'Delete account', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Unable to delete account' });
    await eventually(() => dialog.isVisible()).toBe(true);
    await capture(page, 'settings-delete-unable-modal');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await eventually(() => dialog.count()).toBe(0);
    await page.unroute('**/auth/v1/user/*/info_delete');
  });

  it('deletes the account through its link, after which sign-in fails', async () => {
    const section = region(page, 'Delete account');
    await section.getByRole('button', { name: 'Delete account', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure you want to delete your account?' });
    await eventually(() => dialog.isVisible()).toBe(true);
    await eventually(() => dialog.getByText('Admin', { exact: true }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Delete account', exact: true }).click();
    await expectVisible(page, 'Required field');
    await dialog.getByLabel('Password', { exact: true }).fill('wrong password');
    await dialog.getByRole('button', { name: 'Delete account', exact: true }).click();
    await eventually(() => dialog.getByText('Incorrect password').isVisible()).toBe(true);
    await capture(page, 'settings-delete-confirm-modal');

    server.mail.clear();
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Delete account', exact: true }).click();
    await expectVisible(page, 'Deleting in progress!');
    await capture(page, 'settings-delete-pending');
    const firstLink = await nextLink(server, email, '/deleteUserAccount/');

    server.mail.clear();
    await section.getByRole('button', { name: 'Resend link' }).click();
    await eventually(() => section.getByText(/A new confirmation link has been sent/).isVisible()).toBe(true);
    const resent = await nextLink(server, email, '/deleteUserAccount/');
    expect(hashOf(resent)).not.toBe(hashOf(firstLink));
    await section.getByRole('button', { name: 'Revoke', exact: true }).click();
    await eventually(() =>
      section.getByRole('button', { name: 'Delete account', exact: true }).isVisible(),
    ).toBe(true);

    await section.getByRole('button', { name: 'Delete account', exact: true }).click();
    server.mail.clear();
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Delete account', exact: true }).click();
    await expectVisible(page, 'Deleting in progress!');
    const link = await nextLink(server, email, '/deleteUserAccount/');

    const visitor = await newPage(browser);
    await visitor.goto(resent);
    await expectVisible(visitor, EXPIRED);
    await capture(visitor, 'delete-account-expired');
    await visitor.goto(link);
    await expectVisible(visitor, 'You have successfully deleted your account');
    await capture(visitor, 'delete-account-success');

    await visitor.goto(`${server.url}/`);
    await visitor.getByLabel('E-mail', { exact: true }).fill(email);
    await visitor.getByLabel('Password', { exact: true }).fill(password);
    await visitor.getByRole('button', { name: 'Login' }).click();
    await expectVisible(visitor, 'Incorrect e-mail or password');
    await visitor.context().close();
  });
});
