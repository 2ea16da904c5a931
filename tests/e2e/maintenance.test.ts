import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepIntervalMs } from '../../server/nodes/health-sweep.ts';
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
} from './harness.ts';
import { activeNode, nodeCall, type TestNode } from './node-fixtures.ts';

/**
 * A maintenance window that silences an outage (docs/alerts.md#maintenance): an admin sets 30 minutes on a node's
 * card, the node goes silent, its card turns Offline and still says "Maintenance until …", and no alert mail comes
 * for it, while a second node without a window going down at the same time is mailed (so the mail path works).
 */
const OFFLINE_AFTER_S = 6;
const SWEEP_MS = sweepIntervalMs(OFFLINE_AFTER_S);
const HELD = 'Harbor gate';
const TOLD = 'Quay side';

describe('maintenance windows', () => {
  let server: RunningServer;
  let browser: Browser;
  let account: ApiAccount;
  let held: TestNode;
  let told: TestNode;
  let beating: NodeJS.Timeout | undefined;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ NODE_OFFLINE_AFTER_S: String(OFFLINE_AFTER_S) }),
      launchBrowser(),
    ]);
    account = await signUpViaApi(server);
    held = await activeNode(server, account, HELD);
    told = await activeNode(server, account, TOLD);
    // Both stay online while the window is set, as real agents would, so neither outage starts before it.
    beating = setInterval(() => {
      for (const node of [held, told]) nodeCall(server, node, 'v1/heartbeat', {}).catch(() => {});
    }, 1_000);
  });
  afterAll(async () => {
    clearInterval(beating);
    await browser?.close();
    await server?.stop();
  });

  const mentions = (name: string) => (mail: { subject: string; text: string }) =>
    mail.subject.includes(name) || mail.text.includes(name);

  it('a maintenance window that silences an outage', async () => {
    const page: Page = await newPage(browser, 'desktop');
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInPage(page, server, account);
    await page.goto(`${server.url}/myNodr`);
    const card = page.getByRole('article', { name: `NODR ${HELD}` });
    await card.getByRole('button', { name: 'Maintenance', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Maintenance' });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: '30 minutes' }).isChecked()).toBe(true);
    await expectNoAxeViolations(page, 'maintenance dialog desktop');
    await screenshot(page, 'maintenance-dialog');
    const setAt = Date.now();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const until = card.getByText(/^Maintenance until \d{2}:\d{2} UTC$/);
    await until.waitFor();
    const shown = (await until.textContent())!.slice(-9, -4);
    const expected = [0, 60_000].map((ms) => new Date(setAt + 30 * 60_000 + ms).toISOString().slice(11, 16));
    expect(expected).toContain(shown);

    clearInterval(beating);
    beating = undefined;
    // The node without a window is mailed; the one in maintenance turns Offline on its card, unsaid.
    const mail = await server.mail.waitFor(account.email, mentions(TOLD), 40_000);
    expect(mail.subject).toBe(`NODR ${TOLD} is offline`);
    await card.getByText('Offline', { exact: true }).waitFor({ timeout: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, SWEEP_MS * 3 + 1_000));
    expect(server.mail.mails.filter((caught) => mentions(HELD)(caught))).toEqual([]);
    expect(await until.isVisible()).toBe(true);

    await expectNoAxeViolations(page, 'maintenance card desktop');
    await screenshot(page, 'maintenance-card');
    await page.close();
  });

  it('shows the window and the dialog at phone width', async () => {
    const page = await newPage(browser, 'phone');
    await signInPage(page, server, account);
    await page.goto(`${server.url}/myNodr`);
    const card = page.getByRole('article', { name: `NODR ${HELD}` });
    await card.getByText(/^Maintenance until \d{2}:\d{2} UTC$/).waitFor();
    await expectNoAxeViolations(page, 'maintenance card phone');
    await screenshot(page, 'maintenance-card');
    await page
      .getByRole('article', { name: `NODR ${TOLD}` })
      .getByRole('button', { name: 'Maintenance', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Maintenance' });
    await dialog.getByRole('radio', { name: 'Custom end' }).check();
    await dialog.getByRole('checkbox', { name: 'Start later' }).check();
    await dialog.getByLabel('End (UTC)').waitFor();
    await expectNoAxeViolations(page, 'maintenance dialog phone');
    await screenshot(page, 'maintenance-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.close();
  });
});
