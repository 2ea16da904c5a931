/**
 * `npm run bench:bundle`: builds the web app and prints what each route costs in gzip: the login route's initial
 * JavaScript (the entry and everything index.html preloads; target at most 150 KB) and each lazy screen chunk.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});

const gzipKb = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file))).length / 1024;
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
const initialKb = initial.reduce((sum, file) => sum + gzipKb(file), 0);
console.log(
  `login route initial JS: ${initialKb.toFixed(1)} KB gzip (${initial.length} files; target <= 150 KB)`,
);

const assets = fs.readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'));
const charts = assets.filter((file) =>
  fs.readFileSync(path.join(dist, 'assets', file), 'utf8').includes('lightweight-charts'),
);
console.log(
  `chunks holding lightweight-charts: ${charts.join(', ') || 'none'} (must not be initial: ${charts.some((file) => initial.includes(`assets/${file}`)) ? 'FAIL' : 'ok'})`,
);
for (const route of [
  'my-nodr-screen',
  'add-nodr-screen',
  'statistics-screen',
  'settings-screen',
  'stats.worker',
]) {
  const file = assets.find((name) => name.startsWith(`${route}-`));
  if (file) console.log(`${route}: ${gzipKb(`assets/${file}`).toFixed(1)} KB gzip`);
}
