import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const CYCLES = 3;

function writer(dataDir: string, ...args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/node/crash-writer.ts', dataDir, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  return { child, exited, out: () => out, err: () => err };
}

/** Writes whose commit was acknowledged (printed) by the writer. */
const acknowledged = (out: string) =>
  out
    .split('\n')
    .filter((line) => /^\d+$/.test(line))
    .map(Number);

describe('crash safety of the embedded database in its worker thread', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-crash-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(`loses no acknowledged write across ${CYCLES} SIGKILLs mid-write, and keeps each transaction whole`, async () => {
    const acked: number[][] = [];
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const run = writer(dataDir, 'write', String(cycle));
      await expect
        .poll(() => acknowledged(run.out()).length, { timeout: 90_000, interval: 20 })
        .toBeGreaterThan(100 + 50 * cycle);
      run.child.kill('SIGKILL');
      expect(await run.exited).toBe('SIGKILL');
      acked.push(acknowledged(run.out()));
    }
    const list = writer(dataDir, 'list');
    expect(await list.exited, list.err()).toBe(0);
    const names = new Set(JSON.parse(list.out()) as string[]);
    console.info(
      `kill cycles: ${acked.map((writes) => writes.length).join(', ')} acknowledged transactions; ` +
        `${names.size / 2} found after the restarts`,
    );
    for (const [cycle, writes] of acked.entries()) {
      for (const write of writes) {
        expect(names.has(`crash ${cycle} ${write} a`), `cycle ${cycle} write ${write}`).toBe(true);
      }
    }
    for (const name of names) {
      const pair = name.endsWith(' a') ? name.replace(/ a$/, ' b') : name.replace(/ b$/, ' a');
      expect(names.has(pair), `the other half of ${name}`).toBe(true);
    }
  }, 300_000);
});
