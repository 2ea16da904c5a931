import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function startServer(
  dataDir: string,
  port: number,
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe('the PGlite data folder lock', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-lock-'));
  const first = startServer(dataDir, 9192);
  afterAll(async () => {
    first.child.kill('SIGTERM');
    await first.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops a second server on the same folder at once with a clear message, and frees it on shutdown', async () => {
    await expect
      .poll(first.output, { timeout: 60_000, interval: 200 })
      .toContain('NODR Dashboard is running');

    const second = startServer(dataDir, 9193);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `The data folder ${dataDir} is in use by another NODR Dashboard server`,
    );
    expect(second.output()).not.toMatch(/\n\s+at /);
    expect(first.child.exitCode).toBeNull();

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });
});
