/**
 * CPU time used so far, for a bench's "CPU per request": unlike latency on a loaded machine, it does not depend on
 * what else the cores are doing. Linux only (/proc); figures in milliseconds.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/database.ts';

// Linux reports /proc times in clock ticks of 10 ms (USER_HZ is 100 on every common build).
const TICK_MS = 10;

/** This process, every thread included (so PGlite's worker thread too). */
export function processCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Fields of /proc/<pid>/stat after the command name: [state, ppid, ...]; utime is index 11. */
function statFields(pid: string): string[] | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // the process ended meanwhile
  }
}

/** The postmaster's pid of the PostgreSQL server `db` is connected to, when it runs on this machine. */
export async function postmasterPid(db: Db): Promise<string | undefined> {
  const result = (await db.execute(
    sql`select setting from pg_settings where name = 'data_directory'`,
  )) as unknown as {
    rows: { setting: string }[];
  };
  try {
    return fs.readFileSync(`${result.rows[0]!.setting}/postmaster.pid`, 'utf8').split('\n')[0];
  } catch {
    return undefined;
  }
}

/**
 * A PostgreSQL server's CPU: the postmaster's own, that of the backends it has reaped (its children's times), and
 * that of its live backends and workers.
 */
export function postgresCpuMs(postmaster: string): number {
  const own = statFields(postmaster);
  if (!own) return Number.NaN;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const fields = statFields(pid);
    if (fields?.[1] === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * TICK_MS;
}
