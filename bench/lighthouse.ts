/**
 * `npm run bench:lighthouse`: Lighthouse on the sign-in page of a production build served by the real server, on
 * its mobile model (slow 4G, 4x CPU slowdown) and on desktop. Prints the category scores and the page's paint and
 * blocking figures. Targets: mobile performance >= 97, accessibility and best practices 100.
 * Runs Debian's Chromium (CHROME_PATH, default /usr/bin/chromium); nothing is downloaded.
 * Each form factor runs BENCH_LIGHTHOUSE_RUNS times (default 3) and the run with the median performance score is
 * shown, since blocking time moves with whatever else the machine runs. BENCH_SKIP_BUILD=1 serves dist/ as it is.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { buildWebApp, startProductionServer } from './production-server.ts';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
const categories = ['performance', 'accessibility', 'best-practices'];
const metrics: [string, string][] = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];
const targets: Record<string, number> = { performance: 97, accessibility: 100, 'best-practices': 100 };
const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const performanceOf = (lhr: Result) => Math.round((lhr.categories.performance?.score ?? 0) * 100);

if (process.env.BENCH_SKIP_BUILD !== '1') buildWebApp();
const server = await startProductionServer();
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
try {
  for (const [formFactor, config] of [
    ['mobile', undefined],
    ['desktop', desktopConfig as Config],
  ] as const) {
    const results: Result[] = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(
        `${server.url}/`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories },
        config,
      );
      if (!result) throw new Error('Lighthouse returned no result');
      const { runtimeError } = result.lhr;
      // A run the page never painted in (the machine too busy) has no figures; it is reported, not scored.
      if (runtimeError)
        console.log(`${formFactor}: run ${run + 1} failed: ${runtimeError.code} ${runtimeError.message}`);
      else results.push(result.lhr);
    }
    if (results.length === 0) continue;
    results.sort((a, b) => performanceOf(a) - performanceOf(b));
    const lhr = results[Math.floor(results.length / 2)]!;
    const scores = categories.map((id) => {
      const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const target = formFactor === 'mobile' || id !== 'performance' ? targets[id] : undefined;
      return `${id} ${score}${target === undefined ? '' : score >= target ? ' (ok)' : ` (target ${target}: MISSED)`}`;
    });
    const figures = metrics.map(([id, name]) => `${name} ${lhr.audits[id]?.displayValue ?? '?'}`);
    console.log(
      `${formFactor.padEnd(8)} ${scores.join(', ')} [median of ${results.length}: ${results.map(performanceOf).join(', ')}]`,
    );
    console.log(`${''.padEnd(8)} ${figures.join(', ')}`);
    const failing = Object.values(lhr.audits).filter(
      (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
    );
    for (const audit of failing)
      console.log(`${''.padEnd(8)} - ${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''}`);
  }
} finally {
  chrome.kill();
  await server.stop();
}
