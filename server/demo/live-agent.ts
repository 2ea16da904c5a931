import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { NodeAgent } from '../../agent/agent.ts';
import type { FetchLike } from '../../agent/client.ts';
import type { AgentClock } from '../../agent/clock.ts';
import { createAgent } from '../../agent/create.ts';
import type { AgentLogger } from '../../agent/log.ts';
import { StateFile } from '../../agent/state.ts';
import type { TrafficProfile } from '../../simulation/traffic.ts';
import { demoFiles } from './seed-demo.ts';

/** The agent's requests answered by the server in the same process (no socket, works before `listen`). */
export function injectFetch(app: FastifyInstance): FetchLike {
  return async (url, init) => {
    const { pathname, search } = new URL(url);
    const response = await app.inject({
      method: init.method,
      url: `${pathname}${search}`,
      headers: init.headers,
      payload: init.body,
    });
    return { status: response.statusCode, text: async () => response.body };
  };
}

function serverLogger(app: FastifyInstance): AgentLogger {
  return {
    debug: (message) => app.log.debug(`demo agent: ${message}`),
    info: (message) => app.log.info(`demo agent: ${message}`),
    warn: (message) => app.log.warn(`demo agent: ${message}`),
    error: (message) => app.log.error(`demo agent: ${message}`),
  };
}

/**
 * The demo's active node, reporting live: the real agent core (agent/) in --simulate mode, with the node's own
 * private key from DATA_DIR/demo/, signing every request like a node on another host would. It reports from the
 * minute after `lastFilledMinute` (the back-fill's last), so the history has no hole. Returns its stop.
 */
export async function startLiveAgent(
  app: FastifyInstance,
  licenseKey: string,
  profile: TrafficProfile,
  lastFilledMinute: number,
  clock?: AgentClock,
): Promise<() => Promise<void>> {
  const { config } = app.deps;
  const files = demoFiles(config.dataDir);
  const state = await StateFile.open(path.join(files.agentState, 'state.json'));
  await state.update({ lastMinute: Math.max(lastFilledMinute, state.value.lastMinute ?? 0) });
  const agent: NodeAgent = await createAgent(
    {
      apiUrl: `${config.publicUrl}/api/node/`,
      privateKeyFile: files.privateKey,
      licenseKey,
      simulate: true,
      stateDir: files.agentState,
      dataDir: files.dir,
      verbose: false,
    },
    { fetch: injectFetch(app), log: serverLogger(app), profile, clock, maxBackoffMs: 60_000 },
  );
  const controller = new AbortController();
  const running = agent.run(controller.signal).catch((error: Error) => {
    app.log.error({ err: error }, 'demo agent stopped on an error');
  });
  return async () => {
    controller.abort();
    await running;
  };
}
