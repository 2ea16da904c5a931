/**
 * Demo start-up benchmark: the time from `npm start` (which builds the web app, then starts the server) on
 * a fresh data folder to the sign-in page being served, the demo back-fill as the server reports it, and the size of
 * the data folder afterwards. BENCH_DEMO_SKIP_BUILD=1 times `npm run serve` instead (the server alone).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PORT = 9173;
const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-demo-bench-'));
const script = process.env.BENCH_DEMO_SKIP_BUILD === '1' ? 'serve' : 'start';

const started = performance.now();
const child = spawn('npm', ['run', script, '--silent'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: process.env.DEMO ?? '1',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
});
let output = '';
child.stdout.on('data', (chunk: Buffer) => {
  output += chunk.toString();
});
child.stderr.on('data', (chunk: Buffer) => {
  output += chunk.toString();
});

async function signInPageServed(): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${PORT}/`);
    return response.ok && (await response.text()).includes('<div id="root">');
  } catch {
    return false;
  }
}

try {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm ${script} exited:\n${output}`);
    if (await signInPageServed()) break;
    if (performance.now() - started > 180_000) throw new Error(`not served within 180 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  const size = execFileSync('du', ['-sh', dataDir], { encoding: 'utf8' }).split('\t')[0];
  console.info(`npm ${script} -> sign-in page served: ${seconds.toFixed(1)} s`);
  console.info(output.match(/Demo created: .*/)?.[0] ?? 'no demo line in the output');
  console.info(`data folder after the demo start: ${size} (${dataDir})`);
} finally {
  // The whole process group: npm, and the server it started.
  if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
