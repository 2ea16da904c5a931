import { generateKeyPairSync } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED } from '../../src/lib/connection-messages.ts';
import {
  type ApiAccount,
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
 * The connection state against the real server: the reconnecting banner while the server is away, the list refetched
 * when it is back, and a session ended in another browser sending this tab to sign in with the explanation.
 */

const eventually = <T>(read: () => Promise<T> | T, timeout = 15_000) => expect.poll(read, { timeout });

describe('connection state in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let account: ApiAccount;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    account = await signUpViaApi(server);
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const response = await fetch(
      `${server.url}/api/v1/nodres/team/${account.teamId}/set_public_key/config/1`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${account.token}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          teamId: String(account.teamId),
          configId: '1',
          publicKey: String(publicKey.export({ type: 'spki', format: 'pem' })),
        }).toString(),
      },
    );
    expect(response.status).toBe(201);
    page = await newPage(browser, 'desktop');
    await signInThroughUi(page, server, account);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the banner while the server is away, and refetches the list when the stream is back', async () => {
    await page.getByRole('article').first().waitFor();
    const listPath = `/api/v1/nodres/team/${account.teamId}`;
    // Lists answered, not asked: a request sent while the server is away fails and proves nothing.
    let listLoads = 0;
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === listPath && response.ok()) listLoads += 1;
    });
    const banner = page.getByRole('status').getByText(/^Reconnecting…/);
    expect(await banner.count()).toBe(0);

    // Same port, same data: the server drains (event: shutdown), is away while it starts, then is back.
    const restarting = server.restart();
    await banner.waitFor({ timeout: 15_000 });
    // The stream is down, so no list is answered from here until the server is back and the stream reopens; the
    // reopen may come before `restarting` settles, so the count is taken now.
    const loadsBefore = listLoads;
    expect(await banner.textContent()).toMatch(/^Reconnecting…( next try in \d+ s)?$/);
    for (const viewport of ['desktop', 'phone'] as const) {
      await page.setViewportSize(viewports[viewport]);
      await screenshot(page, 'connection-banner');
    }
    await page.setViewportSize(viewports.desktop);
    await restarting;
    // The next try comes within the backoff (1, 2, 4, 8 s...).
    await banner.waitFor({ state: 'detached', timeout: 40_000 });
    await eventually(() => listLoads).toBeGreaterThan(loadsBefore);
    expect(await page.getByRole('article').count()).toBe(1);
  });

  it('sends this tab to sign in with the explanation at its next event after another browser signed it out', async () => {
    const other = await newPage(browser, 'phone');
    await signInThroughUi(other, server, account);
    await other.goto(`${server.url}/settings/security`);
    const sessions = other.getByRole('region', { name: 'Sessions' });
    await sessions.getByRole('button', { name: 'Sign out all other browsers' }).click();
    await sessions.getByRole('button', { name: 'Sign out all others' }).click();
    await eventually(() =>
      sessions.getByText('No other browser is signed in to your account.').isVisible(),
    ).toBe(true);

    // The revoked session's event stream is closed by the server: the first tab checks its session (401) and leaves
    // at once, without waiting for a click (a call answered 401 does the same: src/app/connection.test.tsx).
    await page.waitForURL(`${server.url}/`, { timeout: 20_000 });
    await eventually(() => page.getByText(SESSION_ENDED).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
    // Shown once: a reload of the sign-in page forgets it.
    await page.reload();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.getByText(SESSION_ENDED).count()).toBe(0);
  });
});
