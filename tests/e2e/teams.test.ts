import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiAccount,
  expectNoAxeViolations,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  signInPage,
  signUpViaApi,
  startServer,
  uniqueEmail,
  viewports,
} from './harness.ts';

/**
 * End to end with real e-mail: an admin invites a viewer who has no account; the viewer registers
 * from the link and sees the fleet read-only; the admin cannot delete their account while sole admin of a team with
 * another user (spec 4: 402); the admin promotes the viewer; the deletion then goes through its mailed link. Axe and
 * screenshots of every new screen on the way (SHOTS_DIR copies them for review).
 */

const READ_ONLY = 'Viewers can look but not change anything in this team.';
const OTHER_ADDRESS =
  'This invitation is for another e-mail address. Sign in with the invited address to accept it.';
const GONE = 'This invitation has expired or is no longer valid.';

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
const region = (page: Page, name: string) => page.getByRole('region', { name });

/** Axe and a screenshot of what shows now, at phone and desktop width (ending at desktop). */
async function capture(page: Page, name: string): Promise<void> {
  for (const viewport of ['phone', 'desktop'] as const) {
    await page.setViewportSize(viewports[viewport]);
    await expectNoAxeViolations(page, `${name} (${viewport})`);
    const file = await screenshot(page, name);
    if (process.env.SHOTS_DIR) {
      fs.mkdirSync(process.env.SHOTS_DIR, { recursive: true });
      fs.copyFileSync(file, path.join(process.env.SHOTS_DIR, path.basename(file)));
    }
  }
}

describe('teams in Chromium with real e-mail', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: ApiAccount;
  let adminPage: Page;
  let viewerPage: Page;
  const viewerEmail = uniqueEmail('grace');
  const viewerPassword = 'grace hopper 1906';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    admin = await signUpViaApi(server, { workspace: 'Analytical Engines' });
    // One node in the fleet, so the viewer has something to look at.
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const response = await fetch(`${server.url}/api/v1/nodres/team/${admin.teamId}/set_public_key/config/1`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${admin.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        publicKey: String(publicKey.export({ type: 'spki', format: 'pem' })),
      }).toString(),
    });
    expect(response.status).toBeLessThan(300);
    adminPage = await newPage(browser);
    await signInPage(adminPage, server, admin);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows the team's only admin their role and 'Leave the team' disabled, with the reason beside them", async () => {
    await adminPage.goto(`${server.url}/settings/team`);
    const team = region(adminPage, 'Team');
    const ownRole = team.getByRole('combobox', { name: /^Role of / });
    await eventually(() => ownRole.isVisible()).toBe(true);
    expect(await ownRole.isDisabled()).toBe(true);
    const leave = team.getByRole('button', { name: 'Leave the team' });
    expect(await leave.isDisabled()).toBe(true);
    for (const control of [ownRole, leave]) {
      const id = await control.getAttribute('aria-describedby');
      expect(await adminPage.locator(`[id="${id}"]`).textContent()).toBe(
        'You are the only admin of this team. Make another member an admin before you leave or step down.',
      );
    }
    await capture(adminPage, 'settings-team-sole-admin');
  });

  it('an admin invites a viewer by e-mail from Settings > Team', async () => {
    await adminPage.goto(`${server.url}/settings/team`);
    const team = region(adminPage, 'Team');
    const form = team.getByRole('form', { name: 'Invite a member' });
    await eventually(() => form.isVisible()).toBe(true);
    await form.getByLabel('E-mail').fill(viewerEmail);
    await form.getByLabel('Role').selectOption({ label: 'Viewer' });
    await form.getByRole('button', { name: 'Send invitation' }).click();
    const pending = team.getByRole('list', { name: 'Pending invitations' });
    await eventually(() => pending.getByText(viewerEmail).isVisible()).toBe(true);
    await capture(adminPage, 'settings-team-admin');
  });

  it('the invitee, who has no account, registers from the link and lands in the team, read-only', async () => {
    const link = await server.mail.linkFor(viewerEmail, '/invitation');
    viewerPage = await newPage(browser);
    await viewerPage.goto(link);
    await eventually(() =>
      viewerPage.getByRole('heading', { name: 'Join Analytical Engines' }).isVisible(),
    ).toBe(true);
    await eventually(() => viewerPage.getByText('Ada Lovelace').isVisible()).toBe(true);
    await capture(viewerPage, 'invitation-signed-out');

    // The spec's registration path: register -> e-mail link -> create password -> create account.
    await viewerPage.getByRole('link', { name: 'Create an account' }).click();
    await viewerPage.getByLabel('E-mail').fill(viewerEmail);
    await viewerPage.getByRole('checkbox', { name: 'I agree to the terms of service' }).check();
    await viewerPage.getByRole('button', { name: 'Create account' }).click();
    const createLink = await server.mail.linkFor(viewerEmail, '/createPassword/');
    await viewerPage.goto(createLink);
    await viewerPage.getByLabel('New password', { exact: true }).fill(viewerPassword);
    await viewerPage.getByLabel('Confirm password', { exact: true }).fill(viewerPassword);
    await viewerPage.getByRole('button', { name: 'Submit' }).click();
    await viewerPage.waitForURL(`${server.url}/createAccount`);
    await viewerPage.getByLabel('Name', { exact: true }).fill('Grace');
    await viewerPage.getByLabel('Last name').fill('Hopper');
    await viewerPage.getByLabel('Workspace name').fill('Compilers');
    await viewerPage.getByRole('button', { name: 'Start' }).click();
    await viewerPage.waitForURL(`${server.url}/myNodr`);

    // The kept link is accepted: the team becomes the current workspace, and the fleet shows read-only.
    const workspace = viewerPage.getByRole('combobox', { name: 'Workspace' });
    await eventually(async () => (await workspace.count()) > 0 && workspace.inputValue()).toBe(
      String(admin.teamId),
    );
    await eventually(() => viewerPage.getByText(READ_ONLY).isVisible()).toBe(true);
    await eventually(() => viewerPage.getByRole('article').count()).toBe(1);
    expect(await viewerPage.getByRole('button', { name: 'Delete NODR' }).count()).toBe(0);
    expect(await viewerPage.getByRole('button', { name: 'Add NODR' }).count()).toBe(0);
    expect(await viewerPage.getByRole('textbox', { name: 'NODR name' }).count()).toBe(0);
    await capture(viewerPage, 'my-nodr-viewer');

    await viewerPage.goto(`${server.url}/settings/team`);
    const team = region(viewerPage, 'Team');
    await eventually(() => team.getByText('Ada Lovelace').isVisible()).toBe(true);
    expect(await team.getByRole('combobox').count()).toBe(0);
    await capture(viewerPage, 'settings-team-viewer');

    // The used link is gone.
    await viewerPage.goto(link);
    await eventually(() => viewerPage.getByText(GONE).isVisible()).toBe(true);
    await capture(viewerPage, 'invitation-gone');
  });

  it('a link opened by someone signed in with another address says so', async () => {
    const other = uniqueEmail('other');
    await adminPage.goto(`${server.url}/settings/team`);
    const form = region(adminPage, 'Team').getByRole('form', { name: 'Invite a member' });
    await eventually(() => form.isVisible()).toBe(true);
    await form.getByLabel('E-mail').fill(other);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    const link = await server.mail.linkFor(other, '/invitation');
    await adminPage.goto(link);
    await eventually(() => adminPage.getByText(OTHER_ADDRESS).isVisible()).toBe(true);
    expect(await adminPage.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    await capture(adminPage, 'invitation-other-address');
  });

  it('a member of two teams switches workspace, invites from the other one, and the invitee declines', async () => {
    // Grace is a viewer of Analytical Engines and the admin of her own Compilers: she switches to it.
    await viewerPage.goto(`${server.url}/myNodr`);
    const workspace = viewerPage.getByRole('combobox', { name: 'Workspace' });
    await eventually(() => workspace.isVisible()).toBe(true);
    await capture(viewerPage, 'workspace-switcher');
    await workspace.focus();
    await workspace.selectOption({ label: 'Compilers (Admin)' });
    await eventually(() =>
      viewerPage.getByRole('heading', { name: "You haven't added any NODR yet" }).isVisible(),
    ).toBe(true);
    expect(await viewerPage.getByText(READ_ONLY).count()).toBe(0);

    await viewerPage.goto(`${server.url}/settings/team`);
    const form = region(viewerPage, 'Team').getByRole('form', { name: 'Invite a member' });
    await eventually(() => form.isVisible()).toBe(true);
    server.mail.clear();
    await form.getByLabel('E-mail').fill(admin.email);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    const link = await server.mail.linkFor(admin.email, '/invitation');

    // Ada sees it in Settings > Invitations, and on the link page as the invited address.
    await adminPage.goto(`${server.url}/settings/team`);
    const invitations = region(adminPage, 'Invitations');
    await eventually(() => invitations.getByText('Compilers').isVisible()).toBe(true);
    await capture(adminPage, 'settings-invitations');
    await adminPage.goto(link);
    await eventually(() => adminPage.getByRole('button', { name: 'Accept' }).isVisible()).toBe(true);
    await capture(adminPage, 'invitation-for-you');
    await adminPage.getByRole('button', { name: 'Decline' }).click();
    await eventually(() => adminPage.getByRole('heading', { name: 'Invitation declined' }).isVisible()).toBe(
      true,
    );
    await capture(adminPage, 'invitation-declined');

    // Grace goes back to the shared fleet.
    await viewerPage.goto(`${server.url}/myNodr`);
    await viewerPage
      .getByRole('combobox', { name: 'Workspace' })
      .selectOption({ label: 'Analytical Engines (Viewer)' });
    await eventually(() => viewerPage.getByText(READ_ONLY).isVisible()).toBe(true);
  });

  it('the sole admin cannot delete their account; after promoting the viewer, the deletion goes through', async () => {
    await adminPage.goto(`${server.url}/settings/account`);
    const deletion = region(adminPage, 'Delete account');
    await deletion.getByRole('button', { name: 'Delete account', exact: true }).click();
    const blocked = adminPage.getByRole('dialog', { name: 'Unable to delete account' });
    await eventually(() => blocked.isVisible()).toBe(true);
    await capture(adminPage, 'delete-blocked-sole-admin');
    await blocked.getByRole('button', { name: 'Ok' }).click();

    await adminPage.goto(`${server.url}/settings/team`);
    const team = region(adminPage, 'Team');
    const role = team.getByRole('combobox', { name: 'Role of Grace Hopper' });
    await role.selectOption({ label: 'Admin' });
    await eventually(() => role.inputValue()).toBe('10');
    await eventually(() => role.isEnabled()).toBe(true);

    await adminPage.goto(`${server.url}/settings/account`);
    await deletion.getByRole('button', { name: 'Delete account', exact: true }).click();
    const confirm = adminPage.getByRole('dialog', { name: 'Are you sure you want to delete your account?' });
    await eventually(() => confirm.isVisible()).toBe(true);
    server.mail.clear();
    await confirm.getByLabel('Password', { exact: true }).fill(admin.password);
    await confirm.getByRole('button', { name: 'Delete account', exact: true }).click();
    const link = await server.mail.linkFor(admin.email, '/deleteUserAccount/');
    await adminPage.goto(link);
    await eventually(() =>
      adminPage.getByText('You have successfully deleted your account').isVisible(),
    ).toBe(true);

    // The promoted viewer now runs the team.
    await viewerPage.goto(`${server.url}/myNodr`);
    await eventually(() => viewerPage.getByRole('button', { name: 'Delete NODR' }).count()).toBe(1);
  });
});
