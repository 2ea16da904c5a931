import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_PROFILE, simulatedHost, type TrafficProfile } from '../simulation/traffic.ts';
import { NodeAgent } from './agent.ts';
import { type FetchLike, NodeClient } from './client.ts';
import { type AgentClock, systemAgentClock } from './clock.ts';
import { measureHost } from './host.ts';
import { type AgentLogger, consoleLogger } from './log.ts';
import { type AgentOptions, nodeApiUrl } from './options.ts';
import { PointQueue } from './queue.ts';
import { RequestSigner } from './signer.ts';
import { StateFile } from './state.ts';
import {
  counterTraffic,
  readCountersFrom,
  simulatedTraffic,
  type TrafficSource,
  zeroTraffic,
} from './traffic.ts';

/** What a caller may swap: tests inject time and network, the demo injects an in-process fetch. */
export interface AgentOverrides {
  fetch?: FetchLike;
  clock?: AgentClock;
  log?: AgentLogger;
  random?: () => number;
  /** the simulated audience (default: DEFAULT_PROFILE, seeded from the license key) */
  profile?: TrafficProfile;
  maxBackoffMs?: number;
}

/** A stable per-node seed, so two simulated nodes do not draw the same curve. */
function seedOf(licenseKey: string): number {
  return createHash('sha256').update(licenseKey).digest().readUInt32BE(0);
}

function trafficSource(options: AgentOptions, overrides: AgentOverrides, log: AgentLogger): TrafficSource {
  if (options.simulate) {
    return simulatedTraffic(overrides.profile ?? { ...DEFAULT_PROFILE, seed: seedOf(options.licenseKey) });
  }
  if (options.counters) {
    return counterTraffic(readCountersFrom(options.counters), (error) =>
      log.warn(`cannot read the traffic counters from ${options.counters}: ${error.message}`),
    );
  }
  return zeroTraffic;
}

/** Assembles an agent from its options: key, state and queue files, signer, client, traffic source. */
export async function createAgent(options: AgentOptions, overrides: AgentOverrides = {}): Promise<NodeAgent> {
  const clock = overrides.clock ?? systemAgentClock;
  const log = overrides.log ?? consoleLogger(options.verbose);
  let privateKeyPem: string;
  try {
    privateKeyPem = await fs.readFile(options.privateKeyFile, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read the private key ${options.privateKeyFile}: ${(error as Error).message}`);
  }
  await fs.mkdir(options.stateDir, { recursive: true, mode: 0o700 });
  const state = await StateFile.open(path.join(options.stateDir, 'state.json'));
  const queue = await PointQueue.open(path.join(options.stateDir, 'queue.jsonl'));
  const signer = new RequestSigner(options.licenseKey, privateKeyPem, clock, state.value.lastRequestMs ?? 0);
  const fetchImpl: FetchLike = overrides.fetch ?? ((url, init) => fetch(url, init));
  return new NodeAgent({
    client: new NodeClient(nodeApiUrl(options.apiUrl), signer, fetchImpl),
    queue,
    state,
    traffic: trafficSource(options, overrides, log),
    measure: options.simulate
      ? async () => simulatedHost(options.publicIp)
      : () =>
          measureHost({ dataDir: options.dataDir, publicIp: options.publicIp, bandwidth: options.bandwidth }),
    clock,
    log,
    random: overrides.random,
    heartbeatMs: options.heartbeatS === undefined ? undefined : options.heartbeatS * 1000,
    maxBackoffMs: overrides.maxBackoffMs,
  });
}
