import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_ERRORS, API_TOKEN_SHOWN_ONCE } from '../../contracts/api-tokens.ts';
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

/**
 * An operator creates an API token in Settings, a script uses it (fetch with Bearer) to list the team's
 * nodes, the operator revokes it, and the script gets 401. /metrics answers only with METRICS_TOKEN.
 */

const METRICS_TOKEN = 'e2e-metrics-token-0123456789abcdef';
const eventually = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

/** Where this branch's screenshots go for review, beside the suite's own artifacts. */
const SHOTS = process.env.SHOTS_DIR;
/** The review widths: a common laptop and a phone. */
const SIZES = { desktop: { width: 1440, height: 900 }, phone: viewports.phone } as const;

async function shot(page: Page, region: Locator, name: string): Promise<void> {
  await screenshot(page, name);
  if (!SHOTS) return;
  const size = page.viewportSize();
  const tag = size && size.width < 600 ? 'phone' : 'desktop';
  fs.mkdirSync(SHOTS, { recursive: true });
  await region.screenshot({ path: path.join(SHOTS, `${name}-${tag}.png`) });
}

/** A call made by the page itself, as a script in the browser would make it. */
function listNodes(page: Page, token: string, teamId: number) {
  return page.evaluate(
    async ({ token, teamId }) => {
      const response = await fetch(`/api/v1/nodres/team/${teamId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: response.status, body: await response.json() };
    },
    { token, teamId },
  );
}

describe('API tokens and /metrics in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let account: ApiAccount;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ METRICS_TOKEN }), launchBrowser()]);
    account = await signUpViaApi(server);
    page = await newPage(browser, 'desktop');
    await signInPage(page, server, account);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a token, shows it once, lets fetch list the nodes with it, revokes it, then 401', async () => {
    await page.goto(`${server.url}/settings/api-tokens`);
    const section = page.getByRole('region', { name: 'API tokens' });
    await eventually(() => section.getByText('You have no API tokens.').isVisible()).toBe(true);

    await section.getByLabel('Token name').fill('Nightly report');
    await section.getByLabel('Expires').selectOption({ label: 'In 30 days' });
    await section.getByLabel('Current password', { exact: true }).fill(account.password);
    await section.getByRole('button', { name: 'Create token' }).click();
    const secret = section.getByLabel('New API token');
    await eventually(() => secret.isVisible()).toBe(true);
    const token = await secret.inputValue();
    expect(token).toMatch(/^nodr_[A-Za-z0-9_-]{43}$/);
    expect(await section.getByText(API_TOKEN_SHOWN_ONCE).isVisible()).toBe(true);

    for (const viewport of ['phone', 'desktop'] as const) {
      await page.setViewportSize(SIZES[viewport]);
      await expectNoAxeViolations(page, `settings API tokens, shown once (${viewport})`);
      await shot(page, section, 'settings-api-token-shown');
    }

    const nodes = await listNodes(page, token, account.teamId);
    expect(nodes).toEqual({ status: 200, body: [] });

    await section.getByRole('button', { name: 'I have copied it' }).click();
    await eventually(() => secret.count()).toBe(0);
    const rows = section.getByRole('list', { name: 'API tokens' }).getByRole('listitem');
    await eventually(() => rows.count()).toBe(1);
    // Last used is written by the call above; a reload shows it.
    await page.reload();
    await eventually(() => rows.first().textContent()).toContain('Last used');
    // With the address the call came from.
    expect(await rows.first().textContent()).toMatch(/Last used .+ from 127\.0\.0\.1/);
    expect(await page.content()).not.toContain(token);

    for (const viewport of ['phone', 'desktop'] as const) {
      await page.setViewportSize(SIZES[viewport]);
      await expectNoAxeViolations(page, `settings API tokens, listed (${viewport})`);
      await shot(page, section, 'settings-api-tokens');
    }

    await section.getByRole('button', { name: 'Revoke Nightly report' }).click();
    await expectNoAxeViolations(page, 'settings API tokens, confirming');
    await shot(page, section, 'settings-api-token-revoke');
    await section.getByRole('button', { name: 'Revoke token' }).click();
    await eventually(() => section.getByText('You have no API tokens.').isVisible()).toBe(true);

    const refused = await listNodes(page, token, account.teamId);
    expect(refused).toEqual({ status: 401, body: API_TOKEN_ERRORS.invalid });
    // The page's own session is untouched by the token's revocation.
    await page.reload();
    await eventually(() => section.getByText('You have no API tokens.').isVisible()).toBe(true);
  });

  it('serves /metrics only with METRICS_TOKEN', async () => {
    const without = await fetch(`${server.url}/metrics`);
    expect(without.status).toBe(401);
    expect(await without.json()).toMatchObject({ error: 'unauthorized' });
    const withSession = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${account.token}` },
    });
    expect(withSession.status).toBe(401);

    const scraped = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scraped.text();
    expect(text).toMatch(
      /^nodr_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/nodres\/team\/:teamId",status_code="200"\} [1-9]/m,
    );
    expect(text).toContain('# TYPE nodr_nodes gauge');
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
  });
});
