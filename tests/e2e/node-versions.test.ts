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
import { activeNode, nodeCall } from './node-fixtures.ts';

/** A node whose agent is older than AGENT_LATEST_VERSION: its card names the agent and offers the update. */
describe('node versions on the card', () => {
  let server: RunningServer;
  let browser: Browser;
  let account: ApiAccount;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ AGENT_LATEST_VERSION: '1.4.2' }), launchBrowser()]);
    account = await signUpViaApi(server);
    const node = await activeNode(server, account, 'Lisbon edge');
    await nodeCall(server, node, 'v1/heartbeat', { agentVersion: '1.4.1' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`shows "Agent 1.4.1" and "Update available" in the expanded card (${viewport})`, async () => {
      const page: Page = await newPage(browser, viewport);
      await signInPage(page, server, account);
      await page.goto(`${server.url}/myNodr`);
      const card = page.getByRole('article', { name: 'NODR Lisbon edge' });
      await card.getByRole('button', { name: 'Show details' }).click();
      await expect.poll(() => card.getByText('Agent 1.4.1').isVisible()).toBe(true);
      expect(await card.getByText('Update available').isVisible()).toBe(true);
      await expectNoAxeViolations(page, `node versions ${viewport}`);
      await screenshot(page, 'node-versions');
      await page.close();
    });
  }
});
