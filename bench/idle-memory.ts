/**
 * `npm run bench:memory`: the server's resident memory at idle, 10 s after start, without the demo (DEMO=0) and with
 * it (its simulated node reporting live), on a fresh data folder and after a restart.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

async function idleRss(demo: '0' | '1', port: number, dataDir: string): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: demo,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  try {
    for (let tries = 0; ; tries++) {
      const ok = await fetch(`http://127.0.0.1:${port}/app-config.json`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (tries > 600) throw new Error('server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

// The first start on a fresh folder also runs PostgreSQL's initdb inside the process, whose memory stays reserved
// until the process ends; a restart on the same folder shows the steady state.
for (const demo of ['0', '1'] as const) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-memory-'));
  const fresh = await idleRss(demo, 9194, dataDir);
  const restarted = await idleRss(demo, 9194, dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `server RSS at idle, DEMO=${demo}: ${fresh.toFixed(0)} MB on a fresh folder, ${restarted.toFixed(0)} MB after a restart`,
  );
}
