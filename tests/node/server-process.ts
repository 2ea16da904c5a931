import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  /** The exit code, and the time of the exit (performance.now()). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/** Children still running: a test that fails before it stops its server must not leave it holding the port. */
const children = new Set<ChildProcess>();

/** Kills every server this file's tests started and did not see exit (afterEach, and when the worker exits). */
export function killServerProcesses(): void {
  for (const child of children) child.kill('SIGKILL');
}
process.once('exit', killServerProcesses);

/** `node --import tsx server/main.ts` on a data folder and port, as `npm start` runs it. */
export function startServerProcess(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): ServerProcess {
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  return { child, output: () => output, exited };
}
