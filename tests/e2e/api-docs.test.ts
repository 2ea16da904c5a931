import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type RunningServer, screenshot, startServer } from './harness.ts';

/** Console errors, failed requests and CSP violations of a page, recorded from before its first script. */
async function watch(page: Page, origin: string) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !url.startsWith('data:')) problems.push(`left the server: ${url}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return problems;
}

describe('the API reference page /api/docs', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`loads under the product CSP with no console error and shows the operations (${viewport})`, async () => {
      const page = await newPage(browser, viewport);
      const problems = await watch(page, server.url);
      const response = await page.goto(`${server.url}/api/docs`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      await page.getByRole('heading', { name: /NODR Dashboard API/ }).waitFor();
      // Every tag is open ('list'): the operations of all four services are on the page.
      await expect.poll(() => page.locator('.opblock').count(), { timeout: 15_000 }).toBeGreaterThan(50);
      for (const path of [
        '/auth/guest/auth',
        '/api/v1/nodres/team/{teamId}',
        '/stats/v1/nodr/day',
        '/api/node/v1/telemetry',
      ]) {
        await page.locator(`.opblock-summary-path[data-path="${path}"]`).first().waitFor();
      }
      await page.getByRole('button', { name: /Authorize/ }).waitFor();
      await screenshot(page, 'api-docs');
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});
