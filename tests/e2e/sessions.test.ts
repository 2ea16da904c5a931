import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED } from '../../src/lib/connection-messages.ts';
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
  viewports,
} from './harness.ts';

/**
 * Two browsers signed in to one account; the first sees both in Settings > Sessions, signs the other out,
 * and the other lands on the login page at its next step. Recent activity shows the sign-ins and the sign-out.
 */

const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

describe('sessions and recent activity in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let first: Page;
  let second: Page;
  let account: ApiAccount;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    account = await signUpViaApi(server);
    // The sign-up's own API session is not a browser of this test: end it so the list holds just the two.
    const logout = await fetch(`${server.url}/auth/v1/logout`, {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(logout.status).toBe(200);
    first = await newPage(browser, 'desktop');
    second = await newPage(browser, 'phone');
    await signInThroughUi(first, server, account);
    await signInThroughUi(second, server, account);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists both browsers, signs the other out, and sends it to the login page with the explanation', async () => {
    await first.goto(`${server.url}/settings/security`);
    const sessions = first.getByRole('region', { name: 'Sessions' });
    const rows = sessions.getByRole('list', { name: 'Signed-in browsers' }).getByRole('listitem');
    await eventually(() => rows.count()).toBe(2);
    await eventually(() => sessions.getByText('This browser').count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Chrome on Linux');

    for (const viewport of ['phone', 'desktop'] as const) {
      await first.setViewportSize(viewports[viewport]);
      await expectNoAxeViolations(first, `settings sessions (${viewport})`);
      await screenshot(first, 'settings-sessions');
    }

    const other = rows.filter({ hasNot: first.getByText('This browser') });
    await other.getByRole('button', { name: /^Sign out Chrome on Linux/ }).click();
    const question = sessions.getByRole('group', { name: /It will have to sign in again/ });
    await expectNoAxeViolations(first, 'settings sessions, confirming');
    await question.getByRole('button', { name: 'Sign out', exact: true }).click();
    await eventually(() => rows.count()).toBe(1);
    await eventually(() =>
      sessions.getByText('No other browser is signed in to your account.').isVisible(),
    ).toBe(true);

    // The signed-out browser's event stream is closed by the server; it checks its session (401) and goes to the
    // login page at once, saying why (a call answered 401 does the same at its next step).
    await second.waitForURL(`${server.url}/`, { timeout: 20_000 });
    await eventually(() => second.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
    expect(await second.getByText(SESSION_ENDED).isVisible()).toBe(true);
  });

  it('shows the sign-ins and the sign-out in Recent activity', async () => {
    await first.goto(`${server.url}/settings/activity`);
    const activity = first.getByRole('region', { name: 'Recent activity' });
    await activity.getByRole('button', { name: 'Refresh' }).click();
    const events = activity
      .getByRole('list', { name: 'Security events, newest first' })
      .getByRole('listitem');
    await eventually(() => events.first().textContent()).toContain('A browser was signed out');
    const texts = await events.allTextContents();
    expect(texts.filter((text) => text.startsWith('Signed in')).length).toBe(2);
    expect(
      texts.filter((text) => text.startsWith('Signed in')).every((text) => text.includes('Chrome on Linux')),
    ).toBe(true);
    expect(texts.some((text) => text.startsWith('Password set from an e-mail link'))).toBe(true);
    await expectNoAxeViolations(first, 'settings recent activity');
    await screenshot(first, 'settings-activity');
  });
});
