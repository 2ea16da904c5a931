import fs from 'node:fs';
import path from 'node:path';

/** Thrown when another live process already holds the data folder. */
export class DataDirLockedError extends Error {}

/** Who holds the lock: a PID, and that process's start time where the system tells it. */
interface Holder {
  pid: number;
  start?: string;
}

/**
 * When process `pid` started (clock ticks since boot, field 22 of /proc/<pid>/stat on Linux); undefined where
 * the system does not say. Together with the PID it names one process: a PID alone may be reused by another.
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Reads a lock file: JSON `{ pid, start }`, or a bare PID as written by older versions. */
function readHolder(lockFile: string): Holder | undefined {
  const text = fs.readFileSync(lockFile, 'utf8').trim();
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    if (typeof parsed === 'number') return { pid: parsed };
    if (typeof parsed?.pid === 'number') return { pid: parsed.pid, start: parsed.start };
  } catch {
    // Not JSON: neither format, so nobody holds it.
  }
  return undefined;
}

/** A holder is live when its PID runs and, where start times are known, it is the same process that wrote it. */
function holdsLock(holder: Holder): boolean {
  if (holder.pid === process.pid || !isAlive(holder.pid)) return false;
  const start = processStartTime(holder.pid);
  return holder.start === undefined || start === undefined || start === holder.start;
}

/**
 * Takes an exclusive lock on a data folder: PGlite must never be opened by two processes at once. The lock names
 * its process by PID and start time, so a lock left by a dead process, or by a PID now reused by another
 * process, is taken over, while a live server always keeps it. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.lock');
  const me: Holder = { pid: process.pid, start: processStartTime(process.pid) };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, JSON.stringify(me), { flag: 'wx' });
      // Only our own lock is removed: after a hard-deadline exit another server may hold the folder already.
      return () => {
        const holder = fs.existsSync(lockFile) ? readHolder(lockFile) : undefined;
        if (holder?.pid === me.pid && holder.start === me.start) fs.rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockFile);
      if (holder && holdsLock(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another NODR Dashboard server (process ${holder.pid}). ` +
            'Stop that server, or start this one with another DATA_DIR.',
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
