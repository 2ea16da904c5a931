/**
 * For benchmarks that need the product as an operator runs it: a production build of the web app, and the server
 * started on it (`server/main.ts`, NODE_ENV=production, no demo) on a free port in a throwaway data folder.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const dist = path.join(root, 'dist');

/** `vite build` as `npm start` runs it, with extra command-line flags (e.g. --manifest). */
export function buildWebApp(...flags: string[]): void {
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error', ...flags],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts the server on what dist/ holds now and waits until it serves the sign-in page. */
export async function startProductionServer(): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-bench-server-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${errors}`);
    const ready = await fetch(`${url}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, stop };
    if (performance.now() - started > 60_000) {
      await stop();
      throw new Error(`the server did not answer within 60 s:\n${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
