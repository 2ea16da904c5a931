/**
 * Chart benchmark: prints figures, asserts nothing. Run: npm run bench:chart.
 *
 * In headless Chromium, with the lightweight-charts build the app ships:
 * - data set and first paint: three line series of 5,000 points each given to a chart that is already on screen,
 *   timed as setData plus the library's drawing in the next animation frame (between a frame callback queued before
 *   setData and one queued after it, so the wait for the frame itself is not counted);
 * - the same with the chart's creation included (a cold Statistics view);
 * - main-thread receive: a worker posts a month's series (six Float64Arrays, transferred, as
 *   src/workers/stats.ts answers it) and the page measures
 *   the delay from the post to its handler, and the handler's own work (the page's timers tick in 0.1 ms steps);
 * - per node: a month of 3 nodes as the worker answers it, from its arrival to each node's line drawn on the Traffic
 *   and Quality charts (setData of 6 lines and the library's next frame).
 */
import path from 'node:path';
import { chromium } from 'playwright-core';

const ROUNDS = 15;
const root = path.resolve(import.meta.dirname, '..');
const library = path.join(
  root,
  'node_modules/lightweight-charts/dist/lightweight-charts.standalone.production.js',
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent('<!doctype html><html><body style="margin:0"><div id="host"></div></body></html>');
  await page.addScriptTag({ path: library });
  await page.addScriptTag({ path: path.join(import.meta.dirname, 'chart-page.js') });

  type Run = { setData: number; draw: number; cold: number };
  type Receive = { delay: number; handler: number };
  const runs = (await page.evaluate(`window.benchChart(${ROUNDS})`)) as Run[];
  const receive = (await page.evaluate('window.benchReceive(40)')) as { month: Receive[]; day: Receive[] };
  const perNode = (await page.evaluate('window.benchPerNode(20)')) as number[];

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  const line = (label: string, values: number[], target?: number) =>
    console.info(
      `${label.padEnd(60)} median ${median(values).toFixed(2)} ms  max ${Math.max(...values).toFixed(2)} ms${
        target === undefined ? '' : `  (target <= ${target} ms)`
      }`,
    );
  console.info(
    `headless Chromium ${browser.version()}, lightweight-charts standalone build, ${ROUNDS} rounds`,
  );
  line(
    'setData, 3 series x 5,000 points',
    runs.map((run) => run.setData),
  );
  line(
    'first paint after setData (library draw in the next frame)',
    runs.map((run) => run.draw),
  );
  line(
    'data set + first paint',
    runs.map((run) => run.setData + run.draw),
    100,
  );
  line(
    'cold: create chart + data set + first paint',
    runs.map((run) => run.cold),
  );
  line(
    'main-thread receive: month series (6 x 720), post to handler',
    receive.month.map((run) => run.delay),
    1,
  );
  line(
    'main-thread receive: day series (6 x 1,440), post to handler',
    receive.day.map((run) => run.delay),
    1,
  );
  line(
    'main-thread receive: handler work',
    receive.month.map((run) => run.handler),
  );
  line('per node: month of 3 nodes, answer arrival to lines drawn', perNode, 60);
} finally {
  await browser.close();
}
