import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createClusterProxy } from './proxy.ts';

/**
 * `npm run cluster`: REPLICAS (default 2) copies of the built server on one PostgreSQL (DATABASE_URL),
 * on loopback ports after PORT, behind the proxy on PORT. A production deployment puts a TLS proxy in front
 * instead (docs/deploy.md); this is the same shape on one machine.
 */
const root = path.resolve(import.meta.dirname, '../..');
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('npm run cluster needs DATABASE_URL: replicas share one PostgreSQL (docs/deploy.md).');
  process.exit(1);
}
const replicas = Math.max(1, Number.parseInt(process.env.REPLICAS ?? '2', 10) || 2);
const port = Number.parseInt(process.env.PORT ?? '8080', 10) || 8080;
const host = process.env.HOST ?? '0.0.0.0';
const ports = Array.from({ length: replicas }, (_, i) => port + 1 + i);

const children: ChildProcess[] = ports.map((replicaPort) =>
  spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      // Demo data would be seeded by every replica at once; turn it on for one server with `npm start` instead.
      DEMO: '0',
      PUBLIC_URL: `http://localhost:${port}`,
      ...process.env,
      PORT: String(replicaPort),
      HOST: '127.0.0.1',
      // Each replica is reached through the proxy only: one hop, whose X-Forwarded-For entry is the client.
      TRUST_PROXY: '1',
    },
  }),
);

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
const exited = (child: ChildProcess) =>
  running(child) ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve();

let stopping = false;
/** Stops every replica still running (each drains: docs/architecture.md, Shutdown), then the proxy. */
const stop = (signal: NodeJS.Signals, code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const child of children.filter(running)) child.kill(signal);
  Promise.all(children.map(exited)).then(() => {
    proxy.close();
    process.exit(code);
  });
};

const proxy = createClusterProxy(ports.map((replicaPort) => `http://127.0.0.1:${replicaPort}`));
proxy.on('error', (error) => {
  console.error(`The cluster proxy cannot listen on ${host}:${port}: ${error.message}`);
  stop('SIGTERM', 1);
});
proxy.listen(port, host, () => {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  console.info(`\nNODR Dashboard cluster: ${replicas} replicas behind http://${shown}:${port}\n`);
});

process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
for (const child of children)
  child.once('exit', (code) => {
    if (!stopping) console.error(`A replica exited (code ${code}); the others go on serving.`);
  });
