import fs from 'node:fs/promises';
import os from 'node:os';
import type { HardwareReport } from '../contracts/node-protocol.schema.ts';
import { OS_CODE } from '../contracts/node-rules.ts';

/** When nothing better is known: 100 Mbit/s, low enough never to overstate a host (docs/agent.md). */
export const DEFAULT_BANDWIDTH = 100_000_000;

export interface HostOptions {
  /** the folder the node keeps its cache in: its free space is the storage reported */
  dataDir: string;
  /** the public IP to report; otherwise the first non-internal interface address */
  publicIp?: string;
  /** bits per second to report; otherwise the interface's link speed, else DEFAULT_BANDWIDTH */
  bandwidth?: number;
}

/** spec 3 OS code of this platform; the protocol has no code for other systems. */
export function osCode(platform: NodeJS.Platform = process.platform): number {
  if (platform === 'linux') return OS_CODE.linux;
  if (platform === 'win32') return OS_CODE.windows;
  if (platform === 'darwin') return OS_CODE.macos;
  throw new Error(
    `The NODR agent does not support ${platform}: the node protocol knows Linux, Windows and macOS.`,
  );
}

type Interfaces = ReturnType<typeof os.networkInterfaces>;

/**
 * The address to report when none is configured: the first non-internal IPv4 address, else the first global IPv6
 * one. No internet lookup: behind NAT this is the private address, and the dashboard's check says so.
 */
export function firstExternalAddress(
  interfaces: Interfaces = os.networkInterfaces(),
): { ip: string; name: string } | undefined {
  const all = Object.entries(interfaces).flatMap(([name, list]) =>
    (list ?? []).map((entry) => ({ name, entry })),
  );
  const external = all.filter(({ entry }) => !entry.internal);
  const pick =
    external.find(({ entry }) => entry.family === 'IPv4') ??
    external.find(({ entry }) => entry.family === 'IPv6' && !entry.address.toLowerCase().startsWith('fe80'));
  return pick && { ip: pick.entry.address, name: pick.name };
}

/** The link speed Linux reports for an interface, in bits per second, if it reports one. */
async function linkSpeed(interfaceName: string | undefined): Promise<number | undefined> {
  if (!interfaceName || process.platform !== 'linux') return undefined;
  try {
    const megabits = Number.parseInt(await fs.readFile(`/sys/class/net/${interfaceName}/speed`, 'utf8'), 10);
    return Number.isFinite(megabits) && megabits > 0 ? megabits * 1_000_000 : undefined;
  } catch {
    return undefined;
  }
}

/** Measures this host for the hardware check (docs/agent.md, "What the agent reports"). */
export async function measureHost(options: HostOptions): Promise<HardwareReport> {
  const stats = await fs.statfs(options.dataDir);
  const address = firstExternalAddress();
  return {
    storage: Number(stats.bavail) * Number(stats.bsize),
    ram: os.totalmem(),
    // 0.0.0.0 says "no address found"; the check marks it as failed rather than the request being refused.
    ip: options.publicIp ?? address?.ip ?? '0.0.0.0',
    os: osCode(),
    bandwidth: options.bandwidth ?? (await linkSpeed(address?.name)) ?? DEFAULT_BANDWIDTH,
  };
}
