import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { samplePoints } from '../../src/data/sample-stats.ts';
import { formatBits } from '../../src/lib/bits.ts';
import { transformStats } from '../../src/workers/stats.ts';
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

const DAY = 86_400;
/** No telemetry within this much of the Day window's start, so the Day totals do not depend on the minute of the run. */
const DAY_EDGE_GAP = 30 * 60;

interface Minute {
  ts: number;
  uplink: number;
  delivered: number;
  input: number;
  viewers: number;
  quality: number;
}

/** Three days of minutes up to two minutes ago, with a gap around the Day window's start. */
function telemetry(now: number): Minute[] {
  const last = Math.floor(now / 60) * 60 - 120;
  const dayStart = now - DAY;
  const minutes: Minute[] = [];
  for (let ts = last - 3 * DAY + 60, index = 0; ts <= last; ts += 60, index += 1) {
    if (Math.abs(ts - dayStart) < DAY_EDGE_GAP) continue;
    const wave = 1 + 0.5 * Math.sin((ts / DAY) * 2 * Math.PI);
    const input = Math.round(1_500_000 * wave) + (index % 97) * 1000;
    minutes.push({
      ts,
      uplink: Math.round(input * 1.6),
      delivered: Math.round(input * 2.5),
      input,
      viewers: 80 + (index % 40),
      quality: 88 + (index % 12),
    });
  }
  return minutes;
}

function expectedTotals(minutes: Minute[]) {
  const sum = (pick: (minute: Minute) => number) =>
    minutes.reduce((total, minute) => total + pick(minute), 0);
  return {
    uplink: formatBits(sum((m) => m.uplink) * 8),
    delivered: formatBits(sum((m) => m.delivered) * 8),
    input: formatBits(sum((m) => m.input) * 8),
  };
}

const trafficName = (scope: string, totals: ReturnType<typeof expectedTotals>) =>
  `Traffic chart, ${scope}: uplink, delivered and input bit rates. NODR UPLINK ${totals.uplink}, DELIVERED TO VIEWERS ${totals.delivered}, INPUT FROM CDN ${totals.input}.`;

/** How many pixels of the charts inside `img` are drawn in the delivered series' colour (the chart is not blank). */
async function seriesPixels(page: Page, imgName: RegExp): Promise<number> {
  const chart = page.getByRole('img', { name: imgName });
  return chart.evaluate((element) => {
    const token = getComputedStyle(document.documentElement).getPropertyValue('--color-chart-2').trim();
    const hex = token.replace('#', '');
    const target = [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
    let count = 0;
    for (const canvas of element.querySelectorAll('canvas')) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let at = 0; at < data.length; at += 4) {
        const distance =
          Math.abs(data[at]! - target[0]!) +
          Math.abs(data[at + 1]! - target[1]!) +
          Math.abs(data[at + 2]! - target[2]!);
        if (data[at + 3]! > 200 && distance < 40) count += 1;
      }
    }
    return count;
  });
}

/** Any drawn pixels at all (the quality and ratio charts use other colours). */
async function drawnPixels(page: Page, imgName: RegExp): Promise<number> {
  return page.getByRole('img', { name: imgName }).evaluate((element) => {
    let count = 0;
    for (const canvas of element.querySelectorAll('canvas')) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      const [r, g, b] = [data[0], data[1], data[2]];
      for (let at = 0; at < data.length; at += 4)
        if (data[at + 3]! > 200 && (data[at] !== r || data[at + 1] !== g || data[at + 2] !== b)) count += 1;
    }
    return count;
  });
}

async function openStatistics(page: Page, server: RunningServer, account: ApiAccount) {
  await signInPage(page, server, account);
  await page.goto(`${server.url}/statistics`);
}

const slider = (page: Page) => page.getByRole('slider', { name: 'Traffic navigator: visible time range' });

/** Makes a change of filter or selection and waits for the settings save it starts (spec 4) to be answered. */
async function changeAndSave(page: Page, change: () => Promise<void>) {
  const put = page.waitForResponse((response) => response.url().includes('/statistic/settings/put/'));
  await change();
  expect((await put).status()).toBe(200);
}

describe('Statistics', () => {
  let server: RunningServer;
  let browser: Browser;
  let account: ApiAccount;
  let edge: TestNode;
  let spare: TestNode;
  let minutes: Minute[];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    account = await signUpViaApi(server);
    edge = await activeNode(server, account, 'Edge Frankfurt');
    spare = await activeNode(server, account, 'Spare Paris');
    // The spare node goes inactive (20): the Inactive group, not selected by default.
    await api(server, account, 'PUT', `v1/nodres/team/${account.teamId}/update_active_nodres/${spare.id}`);
    minutes = telemetry(Date.now() / 1000);
    for (let at = 0; at < minutes.length; at += 1440) {
      const answer = await nodeCall(server, edge, 'v1/telemetry', { points: minutes.slice(at, at + 1440) });
      expect(answer.accepted).toBe(Math.min(1440, minutes.length - at));
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  // Each test starts from Day with the active node selected, whatever the one before left saved.
  // The settings are a JSON object (docs/api-stats.md), sent as JSON: a form would be stored as its fields' text.
  beforeEach(async () => {
    const settings = { filter: 'day', selected: [edge.id] };
    const response = await fetch(
      `${server.url}/api/v1/statistic/settings/put/user/${account.userId}/team/${account.teamId}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(settings),
      },
    );
    expect(JSON.parse(((await response.json()) as { text: string }).text)).toEqual(settings);
  });

  /** The view's totals on the tiles and in the charts' names, all three charts drawn, axe clean, a screenshot. */
  async function expectView(
    page: Page,
    name: 'Day' | 'Week' | 'Month',
    totals: ReturnType<typeof expectedTotals>,
  ) {
    const scope = `${name}, selected nodes`;
    await page.getByRole('img', { name: trafficName(scope, totals) }).waitFor();
    expect(await page.getByRole('radio', { name }).isChecked()).toBe(true);
    const tiles = page.getByRole('list', { name: 'Totals' }).getByRole('listitem');
    expect(await tiles.filter({ hasText: 'NODR UPLINK' }).textContent()).toContain(totals.uplink);
    expect(await tiles.filter({ hasText: 'DELIVERED TO VIEWERS' }).textContent()).toContain(totals.delivered);
    expect(await tiles.filter({ hasText: 'INPUT FROM CDN' }).textContent()).toContain(totals.input);
    await expect.poll(() => seriesPixels(page, new RegExp(`^Traffic chart, ${scope}`))).toBeGreaterThan(100);
    await expect.poll(() => drawnPixels(page, new RegExp(`^Quality chart, ${scope}`))).toBeGreaterThan(100);
    await expect.poll(() => drawnPixels(page, new RegExp(`^D/I ratio chart, ${scope}`))).toBeGreaterThan(100);
    await expectNoAxeViolations(page, `statistics ${name}`);
    await screenshot(page, `statistics-${name.toLowerCase()}`);
  }

  it('draws Day by default for the active nodes, with the Day totals', async () => {
    const page = await newPage(browser);
    await openStatistics(page, server, account);
    await expect.poll(() => page.getByRole('checkbox', { name: /Edge Frankfurt/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /Spare Paris/ }).isChecked()).toBe(false);
    expect(
      await page
        .getByRole('group', { name: /Deleted/ })
        .getByText('No key')
        .isVisible(),
    ).toBe(true);
    const dayMinutes = minutes.filter((minute) => minute.ts > Date.now() / 1000 - DAY);
    await expectView(page, 'Day', expectedTotals(dayMinutes));
    await page.context().close();
  });

  it('draws Week with the totals of every minute', async () => {
    const page = await newPage(browser);
    await openStatistics(page, server, account);
    await page.getByRole('img', { name: /^Traffic chart, Day/ }).waitFor();
    await changeAndSave(page, () => page.getByRole('radio', { name: 'Week' }).check());
    await expectView(page, 'Week', expectedTotals(minutes));
    await page.context().close();
  });

  it('draws Month with the totals of every minute, and keeps Month over a reload', async () => {
    const page = await newPage(browser);
    await openStatistics(page, server, account);
    await page.getByRole('img', { name: /^Traffic chart, Day/ }).waitFor();
    await changeAndSave(page, () => page.getByRole('radio', { name: 'Month' }).check());
    await expectView(page, 'Month', expectedTotals(minutes));
    await page.reload();
    await page
      .getByRole('img', { name: trafficName('Month, selected nodes', expectedTotals(minutes)) })
      .waitFor();
    expect(await page.getByRole('radio', { name: 'Month' }).isChecked()).toBe(true);
    await page.context().close();
  });

  it('zooms the traffic chart with the wheel and the buttons, the navigator following', async () => {
    const page = await newPage(browser);
    await openStatistics(page, server, account);
    const traffic = page.getByRole('img', { name: /^Traffic chart, Day/ });
    await traffic.waitFor();
    await expect.poll(() => seriesPixels(page, /^Traffic chart, Day/)).toBeGreaterThan(100);
    const whole = await slider(page).getAttribute('aria-valuetext');

    const box = (await traffic.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -800);
    await expect.poll(() => slider(page).getAttribute('aria-valuetext')).not.toBe(whole);
    const wheeled = await slider(page).getAttribute('aria-valuetext');

    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => slider(page).getAttribute('aria-valuetext')).not.toBe(wheeled);
    await slider(page).focus();
    await page.keyboard.press('Home');
    await expect.poll(() => slider(page).getAttribute('aria-valuenow')).toBe('0');
    await screenshot(page, 'statistics-zoomed');
    await page.getByRole('button', { name: 'Reset zoom' }).click();
    await expect.poll(() => slider(page).getAttribute('aria-valuetext')).toBe(whole);
    await page.context().close();
  });

  it('shows the sample data and its message when no node is selected, and keeps that over a reload', async () => {
    const page = await newPage(browser);
    await openStatistics(page, server, account);
    const node = page.getByRole('checkbox', { name: /Edge Frankfurt/ });
    await expect.poll(() => node.isChecked()).toBe(true);
    await page.getByRole('img', { name: /^Traffic chart, Day/ }).waitFor();

    await changeAndSave(page, () => node.uncheck());
    await page.getByText('Please choose at least one NODR in the list to see stats').waitFor();
    const sample = transformStats({ points: samplePoints(), interval: 60 }).totals;
    const sampleTotals = {
      uplink: formatBits(sample.uplinkBits),
      delivered: formatBits(sample.deliveredBits),
      input: formatBits(sample.inputBits),
    };
    await page.getByRole('img', { name: trafficName('sample data', sampleTotals) }).waitFor();
    await expect.poll(() => seriesPixels(page, /^Traffic chart, sample data/)).toBeGreaterThan(100);
    await expectNoAxeViolations(page, 'statistics sample');
    await screenshot(page, 'statistics-sample');

    await page.reload();
    await page.getByText('Please choose at least one NODR in the list to see stats').waitFor();
    expect(await node.isChecked()).toBe(false);

    await changeAndSave(page, () => node.check());
    await page.getByRole('img', { name: /^Traffic chart, Day, selected nodes/ }).waitFor();
    await page.reload();
    await expect.poll(() => node.isChecked()).toBe(true);
    await page.getByRole('img', { name: /^Traffic chart, Day, selected nodes/ }).waitFor();
    await page.context().close();
  });

  it('gains the newest minute on Day without a reload, by a timed refresh', async () => {
    const page = await newPage(browser);
    // The page's clock is Playwright's: a minute passes at once instead of in real time.
    await page.clock.install();
    await openStatistics(page, server, account);
    const dayMinutes = minutes.filter((minute) => minute.ts > Date.now() / 1000 - DAY);
    await page
      .getByRole('img', { name: trafficName('Day, selected nodes', expectedTotals(dayMinutes)) })
      .waitFor();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    // The node reports the minute that has just ended, as its agent does.
    const ts = Math.floor(Date.now() / 60_000) * 60 - 60;
    const fresh: Minute = { ts, uplink: 9e8, delivered: 2e9, input: 6e8, viewers: 400, quality: 99 };
    expect((await nodeCall(server, edge, 'v1/telemetry', { points: [fresh] })).accepted).toBe(1);
    minutes.push(fresh);

    const refresh = page.waitForRequest((request) => request.url().endsWith('/stats/v1/nodr/day'));
    // A Day refresh falls due at most a minute after the last read.
    await page.clock.fastForward(61_000);
    await refresh;
    await page
      .getByRole('img', { name: trafficName('Day, selected nodes', expectedTotals([...dayMinutes, fresh])) })
      .waitFor();
    const tiles = page.getByRole('list', { name: 'Totals' }).getByRole('listitem');
    expect(await tiles.filter({ hasText: 'NODR UPLINK' }).textContent()).toContain(
      expectedTotals([...dayMinutes, fresh]).uplink,
    );
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await page.context().close();
  });

  it('selects a node activated since the settings were saved, marks it new once, and labels figures in IEC units', async () => {
    const page = await newPage(browser);
    // Signed in first: the sign-in lands on a screen that may read and save the settings itself.
    await signInPage(page, server, account);
    const saved = { filter: 'day', selected: [edge.id], active: [edge.id], deleted: [] };
    // As JSON: the api helper sends a form, which the settings call would keep as a form's fields.
    const put = `${server.url}/api/v1/statistic/settings/put/user/${account.userId}/team/${account.teamId}`;
    const answer = await fetch(put, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(saved),
    });
    expect(answer.status).toBe(200);
    // The spare node is reactivated (20 -> 10) after the save.
    await api(server, account, 'PUT', `v1/nodres/team/${account.teamId}/update_active_nodres/${spare.id}`);
    try {
      const save = page.waitForResponse((response) => response.url().includes('/statistic/settings/put/'));
      const stats = page.waitForRequest((request) => request.url().includes('/stats/v1/nodr/day'));
      await page.goto(`${server.url}/statistics`);
      const joined = page.getByRole('checkbox', { name: /Spare Paris/ });
      await expect.poll(() => joined.isChecked()).toBe(true);
      expect(await page.getByText('New since your last visit').count()).toBe(1);
      expect((await stats).postDataJSON().licenceKey).toEqual(expect.arrayContaining([spare.licenseKey]));
      // Saved at once, so the next visit no longer calls it new.
      expect(((await save).request().postDataJSON() as { active: number[] }).active).toEqual(
        expect.arrayContaining([edge.id, spare.id]),
      );

      const tiles = page.getByRole('list', { name: 'Totals' }).getByRole('listitem');
      await page.getByRole('img', { name: /^Traffic chart, Day/ }).waitFor();
      expect(await tiles.filter({ hasText: 'NODR UPLINK' }).textContent()).toMatch(
        /\d Gib.*avg .*\d (Kib|Mib)\/s/,
      );
      expect(await page.getByText('1024-based units: 1 Mib is 1,048,576 bits').isVisible()).toBe(true);
      // The Traffic chart's axis, the first of the page's (the D/I chart has its own).
      const ticks = await page.locator('[data-axis-ticks]').first().getAttribute('data-axis-ticks');
      expect(ticks).toMatch(/^0 (Kib|Mib)\/s(, \d+ (Kib|Mib)\/s){3,6}$/);
      const steps = ticks!.split(', ').map((tick) => Number.parseFloat(tick));
      expect(new Set(steps.slice(1).map((tick, index) => tick - steps[index]!)).size).toBe(1);
      await expectNoAxeViolations(page, 'statistics with a new node');
      await screenshot(page, 'statistics-new-node');
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'statistics-new-node');
      await page.context().close();

      const again = await newPage(browser);
      await openStatistics(again, server, account);
      await expect.poll(() => again.getByRole('checkbox', { name: /Spare Paris/ }).isChecked()).toBe(true);
      expect(await again.getByText('New since your last visit').count()).toBe(0);
      await again.context().close();
    } finally {
      await api(server, account, 'PUT', `v1/nodres/team/${account.teamId}/update_active_nodres/${spare.id}`);
    }
  });

  for (const view of ['day', 'sample'] as const) {
    it(`fits a phone screen (${view})`, async () => {
      const page = await newPage(browser, 'phone');
      await openStatistics(page, server, account);
      const node = page.getByRole('checkbox', { name: /Edge Frankfurt/ });
      await expect.poll(() => node.isChecked()).toBe(true);
      await page.getByRole('img', { name: /^Traffic chart, Day/ }).waitFor();
      if (view === 'sample') {
        await changeAndSave(page, () => node.uncheck());
        await page.getByRole('img', { name: /^Traffic chart, sample data/ }).waitFor();
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, `statistics ${view} (phone)`);
      await screenshot(page, `statistics-${view}`);
      if (view === 'sample') {
        await changeAndSave(page, () => node.check());
        await page.getByRole('img', { name: /^Traffic chart, Day/ }).waitFor();
      }
      await page.context().close();
    });
  }
});
