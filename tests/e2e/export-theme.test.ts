import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATS_CSV_COLUMNS } from '../../contracts/stats-csv.ts';
import { formatBits } from '../../src/lib/bits.ts';
import {
  type ApiAccount,
  artifactsDir,
  expectNoAxeViolations,
  launchBrowser,
  type RunningServer,
  signInPage,
  signUpViaApi,
  startServer,
} from './harness.ts';
import { activeNode, nodeCall } from './node-fixtures.ts';

/** A workspace name that needs CSV quoting (comma, quotes) and a file-name slug. */
const WORKSPACE = 'Acme, "North" EU';

/** The desktop and phone widths the dark screenshots are taken at. */
const SIZES = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
type Size = keyof typeof SIZES;

const shotsDir = process.env.SHOTS_DIR ?? path.join(artifactsDir, 'screenshots');

async function openPage(
  browser: Browser,
  size: Size,
  options: BrowserContextOptions & { theme?: 'light' | 'dark' } = {},
): Promise<Page> {
  const { theme, ...context } = options;
  const page = await (await browser.newContext({ viewport: SIZES[size], ...context })).newPage();
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  if (theme) await page.context().addInitScript((value) => localStorage.setItem('nodr-theme', value), theme);
  return page;
}

async function shoot(page: Page, name: string, size: Size) {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}-${size}.png`), fullPage: true });
}

/** The colour of a chart's canvas near its top-left corner: the chart's background. */
async function chartBackground(page: Page): Promise<number[]> {
  return page.getByRole('img', { name: /^Traffic chart, Day/ }).evaluate((element) => {
    const canvas = element.querySelector('canvas')!;
    const [r, g, b] = canvas.getContext('2d')!.getImageData(4, 4, 1, 1).data;
    return [r!, g!, b!];
  });
}
const brightness = ([r = 0, g = 0, b = 0]: number[]) => (r + g + b) / 3;

describe('Export CSV and the theme choice', () => {
  let server: RunningServer;
  let browser: Browser;
  let account: ApiAccount;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    account = await signUpViaApi(server, { workspace: WORKSPACE });
    const node = await activeNode(server, account, 'Edge Frankfurt');
    // Six hours of minutes up to two minutes ago: inside the Day window whatever the minute of the run.
    const last = Math.floor(Date.now() / 60_000) * 60 - 120;
    const points = Array.from({ length: 360 }, (_, index) => ({
      ts: last - (359 - index) * 60,
      uplink: 1_000_000 + index * 1_013,
      delivered: 2_500_000 + (index % 17) * 9_001,
      input: index % 29 === 0 ? 0 : 900_000 + (index % 7) * 333,
      viewers: 40 + (index % 9),
      quality: 90 + (index % 10),
    }));
    expect((await nodeCall(server, node, 'v1/telemetry', { points })).accepted).toBe(360);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('tells screen readers the real reason Export CSV is disabled: a failed load is not a missing NODR', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const page = await openPage(browser, size);
      await signInPage(page, server, account);
      await page.route('**/stats/v1/nodr/**', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"x","message":"x"}' }),
      );
      await page.goto(`${server.url}/statistics`);
      await page.getByRole('button', { name: 'Try again' }).first().waitFor();
      const button = page.getByRole('button', { name: 'Export CSV' });
      expect(await button.isDisabled()).toBe(true);
      const described = await button.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${described}"]`).textContent()).toBe(
        'The statistics could not be loaded, so there is nothing to export. Load them again first.',
      );
      await expectNoAxeViolations(page, `statistics, Export CSV after a failed load (${size})`);
      await shoot(page, 'statistics-export-unavailable', size);
      await page.context().close();
    }
  });

  it('downloads the CSV of the Day on screen; its rows add up to the totals the screen shows', async () => {
    const page = await openPage(browser, 'desktop');
    await signInPage(page, server, account);
    await page.goto(`${server.url}/statistics`);
    await page.getByRole('img', { name: /^Traffic chart, Day, selected nodes/ }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^nodr-acme-north-eu-day-\d{4}-\d\d-\d\dT\d{4}Z-\d{4}-\d\d-\d\dT\d{4}Z\.csv$/,
    );
    const text = fs.readFileSync((await file.path())!, 'utf8');
    const [header, ...rows] = parse(text) as string[][];
    expect(header).toEqual([...STATS_CSV_COLUMNS]);
    expect(rows).toHaveLength(360);
    expect(new Set(rows.map((row) => row[1]))).toEqual(new Set([WORKSPACE]));
    const column = (name: (typeof STATS_CSV_COLUMNS)[number]) => header!.indexOf(name);
    const bits = (name: (typeof STATS_CSV_COLUMNS)[number]) =>
      formatBits(rows.reduce((total, row) => total + Number(row[column(name)]), 0) * 8);
    const tiles = page.getByRole('list', { name: 'Totals' }).getByRole('listitem');
    expect(await tiles.filter({ hasText: 'NODR UPLINK' }).textContent()).toContain(bits('uplink_bytes'));
    expect(await tiles.filter({ hasText: 'DELIVERED TO VIEWERS' }).textContent()).toContain(
      bits('delivered_bytes'),
    );
    expect(await tiles.filter({ hasText: 'INPUT FROM CDN' }).textContent()).toContain(bits('input_bytes'));
    await page.context().close();
  });

  it('the header switch turns the page and its charts dark at once, and the choice outlives a reload', async () => {
    const page = await openPage(browser, 'desktop', { colorScheme: 'light' });
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        cspErrors.push(message.text());
    });
    await signInPage(page, server, account);
    await page.goto(`${server.url}/statistics`);
    await page.getByRole('img', { name: /^Traffic chart, Day, selected nodes/ }).waitFor();
    await expect.poll(async () => brightness(await chartBackground(page))).toBeGreaterThan(200);
    expect(await page.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);

    await page.getByRole('radio', { name: 'Dark' }).check();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    await expect.poll(async () => brightness(await chartBackground(page))).toBeLessThan(60);

    // Before the first paint of the next load: requestAnimationFrame runs ahead of every paint.
    await page.context().addInitScript(() => {
      requestAnimationFrame(() => {
        const root = document.documentElement;
        Object.assign(window, {
          firstFrame: {
            theme: root.getAttribute('data-theme'),
            background: getComputedStyle(document.body).backgroundColor,
          },
        });
      });
    });
    await page.reload();
    await page.getByRole('img', { name: /^Traffic chart, Day, selected nodes/ }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { firstFrame: unknown }).firstFrame)).toEqual({
      theme: 'dark',
      background: 'rgb(12, 16, 32)',
    });
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    expect(cspErrors).toEqual([]);
    await page.context().close();
  });

  it('System follows the browser’s preference; a stored Light overrides a dark system', async () => {
    const system = await openPage(browser, 'desktop', { colorScheme: 'dark' });
    await system.goto(`${server.url}/`);
    expect(await system.locator('html').getAttribute('data-theme')).toBe('dark');
    await system.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => system.locator('html').getAttribute('data-theme')).toBe('light');
    await system.context().close();

    const light = await openPage(browser, 'desktop', { colorScheme: 'dark', theme: 'light' });
    await light.goto(`${server.url}/`);
    expect(await light.locator('html').getAttribute('data-theme')).toBe('light');
    await light.context().close();
  });

  const screens = [
    { name: 'login', path: '/', ready: (page: Page) => page.getByRole('button', { name: 'Login' }) },
    {
      name: 'my-nodr',
      path: '/myNodr',
      ready: (page: Page) => page.getByRole('heading', { level: 1, name: 'My NODR' }),
    },
    {
      name: 'statistics',
      path: '/statistics',
      ready: (page: Page) => page.getByRole('img', { name: /^Traffic chart, Day, selected nodes/ }),
    },
    {
      name: 'settings',
      path: '/settings',
      ready: (page: Page) => page.getByRole('heading', { level: 1, name: 'Settings' }),
    },
  ];

  // Light at phone width is already checked by the other e2e files (e.g. statistics.test.ts): three runs, not four.
  const runs = [
    ['light', 'desktop'],
    ['dark', 'desktop'],
    ['dark', 'phone'],
  ] as const;
  for (const [theme, size] of runs) {
    it(`main screens in the ${theme} theme at ${size} width: axe finds nothing, nothing overflows`, async () => {
      for (const view of screens) {
        const page = await openPage(browser, size, { theme });
        if (view.name !== 'login') await signInPage(page, server, account);
        await page.goto(`${server.url}${view.path}`);
        await view.ready(page).waitFor();
        expect(await page.locator('html').getAttribute('data-theme')).toBe(theme);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${view.name} overflows`).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page, `${view.name} (${theme}, ${size})`);
        await shoot(page, `${view.name}-${theme}`, size);
        await page.context().close();
      }
    });
  }
});
