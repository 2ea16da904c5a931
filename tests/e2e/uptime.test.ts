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
} from './harness.ts';
import { activeNode, api, nodeCall, type TestNode } from './node-fixtures.ts';

/**
 * A node that went offline and came back, through the real server and its health sweep: its card shows the 30-day
 * uptime below 100% and the bar of 30 days, today's cell named by its date and figure.
 */
describe('uptime on the node card', () => {
  let server: RunningServer;
  let browser: Browser;
  let account: ApiAccount;
  let beating: NodeJS.Timeout | undefined;

  const onlineOf = async (node: TestNode) => {
    const list = (await api(server, account, 'POST', `v1/nodres/team/${account.teamId}`)) as unknown as {
      id: number;
      online: boolean | null;
    }[];
    return list.find((item) => item.id === node.id)?.online;
  };

  /** Waits (in beforeAll, where expect.poll is not allowed) until the list says the node is `online`. */
  async function until(node: TestNode, online: boolean) {
    const deadline = Date.now() + 15_000;
    while ((await onlineOf(node)) !== online) {
      if (Date.now() > deadline) throw new Error(`node never became ${online ? 'online' : 'offline'}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ NODE_OFFLINE_AFTER_S: '2' }), launchBrowser()]);
    account = await signUpViaApi(server);
    const node = await activeNode(server, account, 'Lisbon edge');
    // Silent past the threshold: the sweep records it offline; a heartbeat brings it back.
    await until(node, false);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await nodeCall(server, node, 'v1/heartbeat', {});
    await until(node, true);
    // From now on it reports as an agent does, so the card stays Active while it is looked at.
    beating = setInterval(() => void nodeCall(server, node, 'v1/heartbeat', {}).catch(() => undefined), 500);
  }, 60_000);
  afterAll(async () => {
    clearInterval(beating);
    await browser?.close();
    await server?.stop();
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`shows "Uptime …% · 30 d" below 100% and the 30-day bar (${viewport})`, async () => {
      const page: Page = await newPage(browser, viewport);
      await signInPage(page, server, account);
      await page.goto(`${server.url}/myNodr`);
      const card = page.getByRole('article', { name: 'NODR Lisbon edge' });
      const figure = card.getByText(/^Uptime \d+\.\d\d% · 30 d$/);
      await expect.poll(() => figure.isVisible(), { timeout: 10_000 }).toBe(true);
      const percent = Number((await figure.textContent())?.match(/(\d+\.\d\d)%/)?.[1]);
      expect(percent).toBeGreaterThan(0);
      expect(percent).toBeLessThan(100);

      const bar = card.getByRole('list', { name: 'Uptime per day, last 30 days' });
      expect(await bar.getByRole('listitem').count()).toBe(30);
      const today = new Intl.DateTimeFormat('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date());
      const todayCell = bar.getByRole('listitem').last();
      expect(await todayCell.getAttribute('title')).toBe(`${today}: ${percent.toFixed(2)}%`);
      expect(await bar.getByRole('listitem').first().getAttribute('title')).toMatch(/: not active$/);

      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, `uptime ${viewport}`);
      await screenshot(page, `uptime-${viewport}`);
      await page.close();
    });
  }
});
