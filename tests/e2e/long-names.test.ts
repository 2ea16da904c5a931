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
  viewports,
} from './harness.ts';
import { activeNode } from './node-fixtures.ts';

/**
 * Long and unusual names at phone and desktop width: the header's mark keeps its size and a long workspace name ends
 * with an ellipsis; the compose download button stays inside its panel; avatar initials are whole characters.
 */
describe('long names in the signed-in frame', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let account: ApiAccount;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    account = await signUpViaApi(server, {
      name: 'Émile',
      surname: '👩🏽‍💻',
      workspace: 'The Extremely Long Workspace Name Of The Northern Delivery Cooperative',
    });
    await activeNode(server, account, 'Edge');
    page = await newPage(browser, 'phone');
    await signInPage(page, server, account);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('keeps the mark whole and ends the workspace name with an ellipsis; the compose button fits its panel', async () => {
    await page.goto(`${server.url}/myNodr`);
    const card = page.getByRole('article', { name: 'NODR Edge' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Show details' }).click();
    const compose = card.getByRole('button', { name: 'Download docker-compose.yml', exact: true });
    await compose.waitFor();
    for (const viewport of ['phone', 'desktop'] as const) {
      await page.setViewportSize(viewports[viewport]);
      if (viewport === 'phone') {
        const mark = await page.locator('header svg').first().boundingBox();
        expect(mark).toMatchObject({ width: 28, height: 28 });
        const name = page.locator('header').getByText(/^The Extremely Long Workspace/);
        expect(await name.evaluate((element) => getComputedStyle(element).textOverflow)).toBe('ellipsis');
        expect(await name.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      }
      const button = (await compose.boundingBox())!;
      const panel = (await card.boundingBox())!;
      expect(button.x + button.width).toBeLessThanOrEqual(panel.x + panel.width);
      const initials = await page.locator('header text').first().textContent();
      expect(initials).toBe('É👩🏽‍💻');
      await expectNoAxeViolations(page, `long names (${viewport})`);
      await screenshot(page, 'long-names');
    }
  });
});
