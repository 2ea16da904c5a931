import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { DataDirLockedError, lockDataDir } from './db/lock.ts';
import { seedReferenceData } from './db/seed.ts';
import { demoBanner, startDemo } from './demo/index.ts';
import { buildMetricsServer } from './metrics/metrics-route.ts';

/** `npm start`: lock the data folder, migrate, seed, serve, and shut down gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  let release = () => {};
  if (!config.databaseUrl) {
    try {
      release = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl }
      : { dataDir: `${config.dataDir}/pglite`, thread: config.pgliteThread },
  );
  await seedReferenceData(database.db);
  const app = await buildApp({ config, database });
  // METRICS_PORT serves /metrics on a listener of its own (docs/metrics.md).
  const metricsServer = config.metrics.port ? buildMetricsServer(app.deps.metrics, config) : undefined;
  app.deps.mailer.start();
  app.deps.health.start();
  // Demo mode: a demo account on an empty database, its simulated node reporting live. A failing demo
  // is reported, never a reason not to serve.
  const demo = config.demo
    ? await startDemo(app).catch((error: Error) => void console.error(`Demo mode failed: ${error.stack}`))
    : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // The hard deadline: whatever still runs, the process never lingers holding the data folder.
    setTimeout(() => {
      console.error(`Shutdown took longer than ${config.shutdownTimeoutS} s; exiting anyway.`);
      release();
      process.exit(0);
    }, config.shutdownTimeoutS * 1000);
    // Stop accepting and answer what was received (503 to the rest) while the demo agent stops.
    await Promise.all([app.deps.drain.start(app.server), demo?.stop()]);
    // close() then runs the onClose hooks (mailer, retention job) before the database goes.
    await metricsServer?.close();
    await app.close();
    await database.close();
    release();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (metricsServer) await metricsServer.listen({ port: config.metrics.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.info(`\nNODR Dashboard is running: open http://${shown}:${config.port}\n`);
  if (demo) console.info(`${demoBanner(demo)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
