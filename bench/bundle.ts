/**
 * `npm run bench:bundle`: builds the web app and prints what each route costs: the login route's initial
 * JavaScript in gzip (the entry and everything index.html preloads; target at most 150 KB), each lazy screen
 * chunk, and then the bytes each route really puts on the wire, asked of a started production server the way a
 * browser asks (Accept-Encoding with br). Target: the login route at most 95 KB on the wire.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWebApp, dist, startProductionServer } from './production-server.ts';

buildWebApp('--manifest');

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

// What each route loads, from Vite's manifest: a chunk, its static imports (transitively) and their CSS.
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
const manifestFile = path.join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
fs.rmSync(path.dirname(manifestFile), { recursive: true });

function filesOf(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    for (const css of chunk.css ?? []) seen.add(css);
    filesOf(chunk.imports ?? [], seen);
  }
  return seen;
}
const login = new Set(['index.html', 'favicon.svg', ...filesOf(['index.html'])]);
const screens = (...names: string[]) => names.map((name) => `src/screens/${name}.tsx`);
const worker = assets.find((name) => name.startsWith('stats.worker-'));
// Lazy routes are opened after the login route, so what that route loaded is already in the browser's cache.
const routes: [string, Set<string>][] = [
  ['/ (login)', login],
  ['/register', filesOf(screens('auth/register-screen'))],
  ['/myNodr', filesOf(['src/app/main-layout.tsx', ...screens('nodes/my-nodr-screen')])],
  ['/addNodr', filesOf(screens('nodes/add-nodr-screen'))],
  [
    '/statistics',
    new Set([...filesOf(screens('statistics/statistics-screen')), ...(worker ? [`assets/${worker}`] : [])]),
  ],
  ['/settings', filesOf(screens('settings/settings-screen'))],
];

/** The body bytes one request receives, as they travel (never decoded), and the encoding they came in. */
function onTheWire(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
          else resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' });
        });
      })
      .on('error', reject);
  });
}

const server = await startProductionServer();
try {
  console.log('\nbytes on the wire per route (response bodies, as a browser asks for them):');
  for (const [route, files] of routes) {
    const own = route === '/ (login)' ? files : new Set([...files].filter((file) => !login.has(file)));
    let wire = 0;
    let raw = 0;
    const encodings = new Set<string>();
    for (const file of own) {
      const { bytes, encoding } = await onTheWire(`${server.url}/${file === 'index.html' ? '' : file}`);
      wire += bytes;
      raw += fs.statSync(path.join(dist, file)).size;
      encodings.add(encoding);
    }
    const target = route === '/ (login)' ? ` (target <= 95 KB: ${wire / 1024 <= 95 ? 'ok' : 'MISSED'})` : '';
    console.log(
      `${route.padEnd(12)} ${(wire / 1024).toFixed(1).padStart(6)} KB sent (${[...encodings].join('+')}), ${(raw / 1024).toFixed(1)} KB uncompressed, ${own.size} files${target}`,
    );
  }
} finally {
  await server.stop();
}
