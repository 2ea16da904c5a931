import os from 'node:os';
import path from 'node:path';

/** How the agent is configured: command-line flags, or the environment the compose file sets (docs/agent.md). */
export interface AgentOptions {
  /** the node API base URL, ending in /api/node/ */
  apiUrl: string;
  privateKeyFile: string;
  licenseKey: string;
  simulate: boolean;
  /** holds state.json and queue.jsonl */
  stateDir: string;
  /** the folder whose free space is reported as storage */
  dataDir: string;
  publicIp?: string;
  /** bits per second */
  bandwidth?: number;
  /** URL or file of the node software's traffic counters */
  counters?: string;
  verbose: boolean;
  /** seconds between heartbeats (default 60); the server's NODE_OFFLINE_AFTER_S must be well above it */
  heartbeatS?: number;
}

export class UsageError extends Error {}

export const USAGE = `Usage: npx tsx agent/main.ts --server URL --key FILE --license KEY [options]

  --server URL       the NODR Dashboard (e.g. https://dashboard.example) or its node API URL
                     (.../api/node/)                            env NODR_API_URL or NODR_SERVER_URL
  --key FILE         the node's private key (installer: <key folder>/private.pem)
                                                                env NODR_PRIVATE_KEY_FILE, or NODR_KEY_DIR
  --license KEY      the node's license key (in its docker-compose.yml)   env NODR_LICENSE_KEY
  --simulate         report a simulated host and realistic made-up traffic  env NODR_SIMULATE=1
  --state-dir DIR    where the queue and state are kept
                     (default $XDG_STATE_HOME/nodr-agent, else ~/.local/state/nodr-agent)  env NODR_STATE_DIR
  --data-dir DIR     folder whose free space is reported (default: the state dir)     env NODR_DATA_DIR
  --ip ADDRESS       public IP to report (default: first non-internal interface)       env NODR_PUBLIC_IP
  --bandwidth BITS   bandwidth in bits/s, e.g. 1000000000 or 1G (default: link speed, else 100M)
                                                                env NODR_BANDWIDTH
  --counters SOURCE  URL or file of the node software's traffic counters (default: report no traffic)
                                                                env NODR_COUNTERS
  --heartbeat-s N    seconds between heartbeats, 1 to 3600 (default 60)           env NODR_HEARTBEAT_S
  --verbose          also log every delivered minute            env NODR_VERBOSE=1
  -h, --help         show this help`;

const SUFFIXES: Record<string, number> = { '': 1, k: 1e3, m: 1e6, g: 1e9, t: 1e12 };

/** Bits per second from "1000000000", "1G", "500M" or "2.5g" (decimal units, as the dashboard shows them). */
export function parseBandwidth(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(?:bit\/s|bps|b)?\s*$/i.exec(text);
  const multiplier = SUFFIXES[match?.[2]?.toLowerCase() ?? ''];
  if (!match || multiplier === undefined)
    throw new UsageError(`Not a bandwidth: ${text} (use bits/s, e.g. 1G)`);
  return Math.round(Number(match[1]) * multiplier);
}

/** The node API base URL from a dashboard URL or the API URL itself. */
export function nodeApiUrl(server: string): string {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new UsageError(`Not a URL: ${server}`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new UsageError(`The server URL must be http(s): ${server}`);
  if (!/\/api\/node\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/+$/, '')}/api/node/`;
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url.toString();
}

export const DEFAULT_HEARTBEAT_S = 60;
const MAX_HEARTBEAT_S = 3600;

/** Whole seconds between heartbeats, 1 to an hour. */
export function parseHeartbeatSeconds(text: string): number {
  const seconds = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!(seconds >= 1 && seconds <= MAX_HEARTBEAT_S))
    throw new UsageError(`Not a heartbeat interval: ${text} (whole seconds, 1 to ${MAX_HEARTBEAT_S})`);
  return seconds;
}

const truthy = (value: string | undefined) =>
  value !== undefined && !['', '0', 'false', 'no'].includes(value);

/** Reads flags (winning) and environment variables. Throws UsageError with the reason. */
/**
 * The XDG state folder (`$XDG_STATE_HOME/nodr-agent`, else `~/.local/state/nodr-agent`): state that outlives a run
 * but is no one's document, kept out of the folder the agent was started from (a clone, where it would trip the
 * linter). A relative XDG_STATE_HOME is ignored, as the XDG rules say.
 */
function defaultStateDir(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_STATE_HOME;
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'nodr-agent');
  return path.join(env.HOME || os.homedir(), '.local', 'state', 'nodr-agent');
}

export function parseAgentOptions(argv: readonly string[], env: NodeJS.ProcessEnv): AgentOptions | 'help' {
  const flags = new Map<string, string>();
  const switches = new Set<string>();
  const valued = [
    '--server',
    '--key',
    '--license',
    '--state-dir',
    '--data-dir',
    '--ip',
    '--bandwidth',
    '--counters',
    '--heartbeat-s',
  ];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    if (arg === '-h' || arg === '--help') return 'help';
    if (arg === '--simulate' || arg === '--verbose') switches.add(arg);
    else {
      const [name, inline] = arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg];
      if (!name || !valued.includes(name)) throw new UsageError(`Unknown option: ${arg}`);
      const value = inline ?? argv[++index];
      if (value === undefined) throw new UsageError(`${name} needs a value`);
      flags.set(name, value);
    }
  }
  const server = flags.get('--server') ?? env.NODR_API_URL ?? env.NODR_SERVER_URL;
  const keyFile =
    flags.get('--key') ??
    env.NODR_PRIVATE_KEY_FILE ??
    (env.NODR_KEY_DIR ? path.join(env.NODR_KEY_DIR, 'private.pem') : undefined);
  const licenseKey = flags.get('--license') ?? env.NODR_LICENSE_KEY;
  if (!server) throw new UsageError('The server URL is required (--server or NODR_API_URL).');
  if (!keyFile) throw new UsageError('The private key file is required (--key or NODR_PRIVATE_KEY_FILE).');
  if (!licenseKey) throw new UsageError('The license key is required (--license or NODR_LICENSE_KEY).');
  const stateDir = path.resolve(flags.get('--state-dir') ?? (env.NODR_STATE_DIR || defaultStateDir(env)));
  const bandwidth = flags.get('--bandwidth') ?? env.NODR_BANDWIDTH;
  const heartbeat = flags.get('--heartbeat-s') ?? (env.NODR_HEARTBEAT_S || undefined);
  return {
    apiUrl: nodeApiUrl(server),
    privateKeyFile: path.resolve(keyFile),
    licenseKey: licenseKey.trim(),
    simulate: switches.has('--simulate') || truthy(env.NODR_SIMULATE),
    stateDir,
    dataDir: path.resolve(flags.get('--data-dir') ?? env.NODR_DATA_DIR ?? stateDir),
    publicIp: flags.get('--ip') ?? (env.NODR_PUBLIC_IP || undefined),
    bandwidth: bandwidth ? parseBandwidth(bandwidth) : undefined,
    counters: flags.get('--counters') ?? (env.NODR_COUNTERS || undefined),
    verbose: switches.has('--verbose') || truthy(env.NODR_VERBOSE),
    heartbeatS: heartbeat === undefined ? DEFAULT_HEARTBEAT_S : parseHeartbeatSeconds(heartbeat),
  };
}
