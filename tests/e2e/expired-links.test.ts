import type { Browser } from 'playwright-core';
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
} from './harness.ts';

const EXPIRED = 'This link is expired';
const EXPIRED_BODY =
  'Unfortunately, this link is no longer valid. Please contact support if you need assistance';

async function post(
  server: RunningServer,
  method: string,
  pathname: string,
  token: string,
  body: Record<string, string>,
) {
  const response = await fetch(`${server.url}/auth/${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  expect(response.status, `${method} ${pathname}: ${await response.clone().text()}`).toBe(200);
}

/**
 * Links that really expired: the e-mail change (24 h) and account deletion (1 h) links are requested, then the
 * product is restarted on the same data folder 25 hours later (libfaketime) and the links are opened.
 */
describe('expired e-mail links, 25 hours later', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows 'This link is expired' for the e-mail change and deletion links once their time is up", async () => {
    const changer = await signUpViaApi(server);
    const newAddress = uniqueEmail('moved');
    await post(
      server,
      'POST',
      `v1/profile_settings/user/${changer.userId}/team/${changer.teamId}/change_email`,
      changer.token,
      {
        userId: String(changer.userId),
        user_id: String(changer.userId),
        team_id: String(changer.teamId),
        password: changer.password,
        email: newAddress,
        url: `${server.url}/changeEmail`,
      },
    );
    const changeLink = await server.mail.linkFor(newAddress, '/changeEmail/');

    const leaver = await signUpViaApi(server);
    await post(server, 'DELETE', `v1/user/${leaver.userId}`, leaver.token, {
      user_id: String(leaver.userId),
      password: leaver.password,
      url: `${server.url}/deleteUserAccount`,
    });
    const deleteLink = await server.mail.linkFor(leaver.email, '/deleteUserAccount/');

    await server.restart({ timeShift: '+25 hours' });

    for (const [name, link] of [
      ['change-email', changeLink],
      ['delete-account', deleteLink],
    ] as const) {
      const page = await newPage(browser);
      await page.goto(link);
      await expect
        .poll(() => page.getByText(EXPIRED, { exact: true }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await expect.poll(() => page.getByText(EXPIRED_BODY).isVisible()).toBe(true);
      await expectNoAxeViolations(page);
      await screenshot(page, `${name}-really-expired`);
      await page.context().close();
    }

    // The account whose deletion link expired still exists: it signs in, 25 hours later.
    const signIn = await fetch(`${server.url}/auth/guest/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login: leaver.email, password: leaver.password }).toString(),
    });
    expect(signIn.status).toBe(200);
  });
});
