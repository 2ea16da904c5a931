import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoAxeViolations,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  startServer,
  viewports,
} from './harness.ts';

describe('the product as started by npm start', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    // An empty data folder, as on a fresh machine: the first start creates, migrates and seeds the database.
    [server, browser] = await Promise.all([startServer({}, { data: 'empty' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`shows the 404 page for an unknown path (${viewport})`, async () => {
      const page = await newPage(browser, viewport);
      await page.goto(`${server.url}/no/such/page`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe("We're sorry, it looks like we don't have the page you are looking for");
      await expectNoAxeViolations(page);
      await screenshot(page, 'not-found');
      await page.context().close();
    });
  }

  it('serves the security headers with the app', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("object-src 'none'");
    expect(await response.text()).toContain('<div id="root">');
  });
});

describe('maintenance mode', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ MAINTENANCE: '1', MAINTENANCE_UNTIL: '2026-11-27T14:30Z' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('replaces the whole application with the maintenance page', async () => {
    const page = await newPage(browser);
    await page.goto(`${server.url}/register`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Sorry, we are at the maintenance.');
    await expect.poll(() => page.getByText('Please come back later').isVisible()).toBe(true);
    expect(await page.getByText('NODR', { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('time').getAttribute('datetime')).toBe('2026-11-27T14:30:00.000Z');
    expect(await page.getByText(/^Expected back by .*14:30 UTC$/).isVisible()).toBe(true);
    for (const viewport of ['phone', 'desktop'] as const) {
      await page.setViewportSize(viewports[viewport]);
      await expectNoAxeViolations(page, `maintenance (${viewport})`);
      await screenshot(page, 'maintenance');
    }
  });
});
