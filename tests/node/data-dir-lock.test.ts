import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processStartTime } from '../../server/db/lock.ts';
import { startServerProcess as startServer } from './server-process.ts';

describe('the lock names its process by PID and start time', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-lock-pid-'));
  const lockFile = path.join(dataDir, 'server.lock');
  // A real, live process that is not a NODR server: the PID a stale lock may name after the PID was reused.
  const other = spawn('sleep', ['60'], { stdio: 'ignore' });
  afterAll(() => {
    other.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads a start time for a live process and none for a dead one', () => {
    expect(processStartTime(other.pid!)).toMatch(/^\d+$/);
    expect(processStartTime(process.pid)).toMatch(/^\d+$/);
    expect(processStartTime(2 ** 22 + 17)).toBeUndefined();
  });

  it('takes over a lock whose PID now belongs to another process (start time differs)', () => {
    const start = processStartTime(other.pid!)!;
    fs.writeFileSync(lockFile, JSON.stringify({ pid: other.pid, start: String(Number(start) - 1) }));
    const release = lockDataDir(dataDir);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toEqual({
      pid: process.pid,
      start: processStartTime(process.pid),
    });
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('is refused while the process that wrote the lock lives, in the new and the old (bare PID) format', () => {
    for (const record of [
      JSON.stringify({ pid: other.pid, start: processStartTime(other.pid!) }),
      String(other.pid),
    ]) {
      fs.writeFileSync(lockFile, record);
      expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
      expect(fs.readFileSync(lockFile, 'utf8')).toBe(record);
    }
  });

  it("takes over a dead process's lock, and a release never removes another holder's lock", () => {
    fs.writeFileSync(lockFile, JSON.stringify({ pid: 2 ** 22 + 17, start: '1' }));
    const release = lockDataDir(dataDir);
    const successor = JSON.stringify({ pid: other.pid, start: processStartTime(other.pid!) });
    fs.writeFileSync(lockFile, successor);
    release();
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(successor);
    fs.rmSync(lockFile);
  });
});

describe('the PGlite data folder lock', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nodr-lock-'));
  const first = startServer(dataDir, 9192);
  afterAll(async () => {
    first.child.kill('SIGTERM');
    await first.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops a second server on the same folder at once with a clear message, and frees it on shutdown', {
    timeout: 120_000,
  }, async () => {
    await expect
      .poll(first.output, { timeout: 60_000, interval: 200 })
      .toContain('NODR Dashboard is running');

    const second = startServer(dataDir, 9193);
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toContain(
      `The data folder ${dataDir} is in use by another NODR Dashboard server`,
    );
    expect(second.output()).not.toMatch(/\n\s+at /);
    expect(first.child.exitCode).toBeNull();

    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });
});
