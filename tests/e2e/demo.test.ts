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

interface StatsAnswer {
  result: Record<string, { deliveredToViewers: number }>;
  total_result: { deliveredToViewers: number };
}

describe('demo mode, as a newcomer sees it', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ DEMO: '1' }), launchBrowser()]);
    page = await newPage(browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('prints the demo account, which signs in to three nodes in their three states', async () => {
    const account = printedAccount(server.output());
    expect(account.email).toBe('demo@nodr.local');
    await signInThroughUi(page, server, account);
    for (const label of ['Active', 'Misconfigured', 'Inactive']) {
      await expect
        .poll(() => page.getByText(label, { exact: true }).count(), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(1);
    }
    await screenshot(page, 'demo-my-nodr');
  });

  it('shows when each demo node was last seen beside the hardware it reported, at both widths', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      await page.setViewportSize(viewports[viewport]);
      for (const name of ['Amsterdam edge', 'Frankfurt spare', 'Warsaw office']) {
        const card = page.getByRole('article', { name: `NODR ${name}` });
        // One card open at a time: two open cards repeat the names of their details' sections.
        await card.getByRole('button', { name: 'Show details' }).click();
        const lastSeen = card.locator('dt', { hasText: 'Last seen' }).locator('xpath=following-sibling::dd');
        await expect.poll(() => lastSeen.textContent(), { timeout: 15_000 }).not.toBe('Not yet');
        expect(await lastSeen.textContent()).toMatch(/ago|now|yesterday/);
        if (name === 'Frankfurt spare') {
          await expectNoAxeViolations(page, `demo, node details (${viewport})`);
          await screenshot(page, 'demo-last-seen');
        }
        await card.getByRole('button', { name: 'Hide details' }).click();
      }
    }
    await page.setViewportSize(viewports.desktop);
  });

  it('shows non-empty statistics for Day, Week and Month', async () => {
    // Counts the answers as they arrive, so each period's load is seen whatever the order of events.
    const answers = new Map<string, StatsAnswer>();
    page.on('response', async (response) => {
      const period = /\/stats\/v1\/nodr\/(day|week|month)$/.exec(new URL(response.url()).pathname)?.[1];
      if (period && response.ok()) answers.set(period, (await response.json()) as StatsAnswer);
    });
    await page.getByRole('link', { name: 'Statistics' }).click();
    await page.waitForURL(`${server.url}/statistics`);
    // A day of minutes, a week of 20-minute buckets, a month of hours: the demo's back-fill covers them all.
    const expected = { day: 1_000, week: 450, month: 650 } as const;
    for (const [period, label] of [
      ['day', 'Day'],
      ['week', 'Week'],
      ['month', 'Month'],
    ] as const) {
      if (period !== 'day') await page.getByRole('radio', { name: label }).check();
      await expect
        .poll(() => Object.keys(answers.get(period)?.result ?? {}).length, { timeout: 20_000 })
        .toBeGreaterThan(expected[period]);
      expect(answers.get(period)?.total_result.deliveredToViewers).toBeGreaterThan(0);
      // The three charts are drawn (canvas) and the totals are not zero.
      await expect.poll(() => page.locator('canvas').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
      const delivered = page.getByText('DELIVERED TO VIEWERS', { exact: true }).first();
      await expect.poll(() => delivered.isVisible(), { timeout: 15_000 }).toBe(true);
      await expect
        .poll(() => page.getByText('Please choose at least one NODR in the list to see stats').count())
        .toBe(0);
      await page.waitForTimeout(500);
      await screenshot(page, `demo-statistics-${period}`);
    }
  });

  it('shows a custom range of dates: its request window, the address that reopens it, IEC totals', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const [from, to] = [day(-9), day(-1)];
    await page.goto(`${server.url}/statistics`);
    await page.getByRole('img', { name: /^Traffic chart, / }).waitFor({ timeout: 20_000 });
    await page.getByRole('radio', { name: 'Custom' }).check();
    await page.getByLabel('From (UTC)').fill(from);
    await page.getByLabel('To (UTC)').fill(to);
    const asked = page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname === '/stats/v1/nodr/range' &&
        request.postDataJSON()?.from === `${from}T00:00:00Z`,
    );
    await page.getByRole('button', { name: 'Show' }).click();
    // The window asked for is [From 00:00, the day after To 00:00) in UTC.
    expect((await asked).postDataJSON()).toMatchObject({
      from: `${from}T00:00:00Z`,
      to: `${day(0)}T00:00:00Z`,
    });
    await page.getByRole('img', { name: new RegExp(`^Traffic chart, ${from} to ${to}`) }).waitFor();
    await page.waitForURL(`${server.url}/statistics?range=custom&from=${from}&to=${to}`);
    const tiles = page.getByRole('list', { name: 'Totals' }).getByRole('listitem');
    for (const label of ['NODR UPLINK', 'DELIVERED TO VIEWERS', 'INPUT FROM CDN']) {
      expect(await tiles.filter({ hasText: label }).textContent()).toMatch(/[1-9][\d.]* (Kib|Mib|Gib|Tib)\b/);
    }

    // The address, opened afresh in another tab of the same signed-in browser, at phone width.
    const shared = await page.context().newPage();
    await shared.setViewportSize(viewports.phone);
    const reopened = shared.waitForRequest(
      (request) => new URL(request.url()).pathname === '/stats/v1/nodr/range',
    );
    await shared.goto(page.url());
    expect((await reopened).postDataJSON()).toMatchObject({
      from: `${from}T00:00:00Z`,
      to: `${day(0)}T00:00:00Z`,
    });
    await shared
      .getByRole('img', { name: new RegExp(`^Traffic chart, ${from} to ${to}`) })
      .waitFor({ timeout: 20_000 });
    expect(await shared.getByRole('radio', { name: 'Custom' }).isChecked()).toBe(true);
    expect(await shared.getByLabel('From (UTC)').inputValue()).toBe(from);
    await shared.waitForTimeout(500);
    await expectNoAxeViolations(shared, 'demo, custom range (phone)');
    await screenshot(shared, 'demo-statistics-custom');
    await shared.close();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.waitForTimeout(500);
    await expectNoAxeViolations(page, 'demo, custom range (desktop)');
    await screenshot(page, 'demo-statistics-custom');

    // Past 125 days the range comes in four-hour buckets (at most about 3,000 points a series).
    const long = day(-200);
    await page.getByLabel('From (UTC)').fill(long);
    const longAsked = page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname === '/stats/v1/nodr/range' &&
        request.postDataJSON()?.from === `${long}T00:00:00Z`,
    );
    await page.getByRole('button', { name: 'Show' }).click();
    await longAsked;
    await page.getByText('Bit rate per 4 h bucket, UTC').waitFor({ timeout: 20_000 });
    await page.waitForURL(`${server.url}/statistics?range=custom&from=${long}&to=${to}`);
    await page.waitForTimeout(500);
    await screenshot(page, 'demo-statistics-custom-long');
  });
});
