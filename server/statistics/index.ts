import type { FastifyPluginAsync } from 'fastify';
import type { ServiceRoutes } from '../lib/service-routes.ts';
import { startPartitionJob, startRetentionJob, startRollupJob } from './retention.ts';
import { statisticSettingsRoutes } from './statistic-settings-routes.ts';
import { statsCacheOf } from './stats-cache.ts';
import { statsRoutes } from './stats-routes.ts';
import { statsVersions } from './stats-versions.ts';
import { teamMetricsRoutes } from './team-metrics-routes.ts';

export { createIngestService } from './ingest.service.ts';
export { insertMinutes } from './stats.repository.ts';

/** The stats service's routes, the retention job and the answer cache of the statistics. */
const statsPlugin: FastifyPluginAsync = async (app) => {
  statsCacheOf(app.deps.db).configure(app.deps.config.statsCacheMb * 1024 * 1024);
  // Data written through any replica retires this replica's cached answers about it.
  const stopHearing = app.deps.hub.onStatsChanged((nodeIds) =>
    nodeIds.length > 0 ? statsVersions.nodesChanged(nodeIds) : statsVersions.allChanged(),
  );
  await app.register(statsRoutes);
  const retention = startRetentionJob(app.deps, app.log);
  const partitions = startPartitionJob(app.deps, app.log);
  const rollups = startRollupJob(app.deps, app.log);
  app.addHook('onClose', async () => {
    stopHearing();
    await retention.stop();
    await partitions.stop();
    await rollups.stop();
  });
};

export const statisticsRoutes: ServiceRoutes[] = [
  { prefix: '/stats', plugin: statsPlugin },
  { prefix: '/api', plugin: statisticSettingsRoutes },
  { prefix: '/api', plugin: teamMetricsRoutes },
];
