import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  signInThroughUi,
  startServer,
  viewports,
} from './harness.ts';

/** The sign-in details `npm start` prints for the demo account. */
function printedAccount(output: string): { email: string; password: string } {
  const email = /e-mail:\s+(\S+)/.exec(output)?.[1];
  const password = /password:\s+(\S+)/.exec(output)?.[1];
  if (!email || !password) throw new Error(`No demo account in the server output:\n${output}`);
  return { email, password };
}

describe('statistics per node and against the previous period, on the demo account', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ DEMO: '1' }), launchBrowser()]);
    page = await newPage(browser);
    await signInThroughUi(page, server, printedAccount(server.output()));
    await page.getByRole('link', { name: 'Statistics' }).click();
    await page.waitForURL(`${server.url}/statistics`);
    await page.getByRole('img', { name: /^Traffic chart, / }).waitFor({ timeout: 20_000 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('names each selected node in the Traffic and Quality legends and lists its figures in the per-node table', async () => {
    // A month holds both nodes' traffic: the inactive Warsaw office delivered until twelve days ago.
    await page.getByRole('radio', { name: 'Month' }).check();
    await page.getByRole('img', { name: /^Traffic chart, Month/ }).waitFor({ timeout: 20_000 });
    await page.getByRole('checkbox', { name: /Warsaw office/ }).check();
    const asked = page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname === '/stats/v1/nodr/month' &&
        request.postDataJSON()?.perNode === true,
    );
    await page.getByRole('checkbox', { name: 'Per node' }).check();
    expect((await asked).postDataJSON().licenceKey).toHaveLength(2);
    for (const card of ['Traffic', 'Quality']) {
      const legend = page.getByRole('list', { name: `${card} series` });
      await expect
        .poll(() => legend.getByRole('listitem').allTextContents(), { timeout: 15_000 })
        .toEqual(expect.arrayContaining(['Amsterdam edge', 'Warsaw office']));
    }
    const disclosure = page.getByRole('button', { name: 'Per-node figures' });
    expect(await disclosure.getAttribute('aria-expanded')).toBe('false');
    await disclosure.click();
    expect(await disclosure.getAttribute('aria-expanded')).toBe('true');
    const table = page.getByRole('table', { name: 'Per-node figures' });
    for (const name of ['Amsterdam edge', 'Warsaw office']) {
      const row = table.getByRole('row').filter({ hasText: name });
      expect(await row.textContent()).toMatch(/[1-9][\d.]* (Kib|Mib|Gib|Tib)/);
    }
    for (const viewport of ['desktop', 'phone'] as const) {
      await page.setViewportSize(viewports[viewport]);
      await page.waitForTimeout(500);
      await expectNoAxeViolations(page, `statistics per node (${viewport})`);
      await screenshot(page, 'statistics-per-node');
    }
    await page.setViewportSize(viewports.desktop);
    await page.getByRole('checkbox', { name: 'Per node' }).uncheck();
    await expect
      .poll(() => page.getByRole('list', { name: 'Traffic series' }).getByRole('listitem').allTextContents())
      .toEqual(['Delivered', 'Uplink', 'Input']);
  });

  it('overlays the previous day on Traffic and shows each tile its change', async () => {
    await page.getByRole('radio', { name: 'Day' }).check();
    await page.getByRole('img', { name: /^Traffic chart, Day/ }).waitFor({ timeout: 20_000 });
    const asked = page.waitForRequest((request) => {
      if (new URL(request.url()).pathname !== '/stats/v1/nodr/day') return false;
      const body = request.postDataJSON() as { startTimestamp: number; endTimestamp: number };
      return body.endTimestamp < Date.now() / 1000 - 3600;
    });
    await page.getByRole('checkbox', { name: 'Compare with previous period' }).check();
    const previous = (await asked).postDataJSON() as { startTimestamp: number; endTimestamp: number };
    expect(previous.endTimestamp - previous.startTimestamp).toBe(86_400);
    const legend = page.getByRole('list', { name: 'Traffic series' });
    await expect
      .poll(() => legend.getByRole('listitem').allTextContents(), { timeout: 15_000 })
      .toContain('Delivered, previous period');
    const delivered = page.getByRole('list', { name: 'Totals' }).getByRole('listitem').filter({
      hasText: 'DELIVERED TO VIEWERS',
    });
    await expect.poll(() => delivered.textContent(), { timeout: 15_000 }).toMatch(/(▲|▼) \d+%|0%/);
    expect(await delivered.textContent()).toMatch(/(up \d+%|down \d+%|no change) on the previous period/);
    for (const viewport of ['desktop', 'phone'] as const) {
      await page.setViewportSize(viewports[viewport]);
      await page.waitForTimeout(500);
      await expectNoAxeViolations(page, `statistics compared (${viewport})`);
      await screenshot(page, 'statistics-compare');
    }
    await page.setViewportSize(viewports.desktop);
  });
});
