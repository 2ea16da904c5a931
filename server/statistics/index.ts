import type { FastifyPluginAsync } from 'fastify';
import { acceptApiTokens } from '../plugins/session.ts';
import { startRetentionJob } from './retention.ts';
import { statsCacheOf } from './stats-cache.ts';
import { statsRoutes } from './stats-routes.ts';
import { statsVersions } from './stats-versions.ts';

/** The stats service, mounted at /stats/ (spec 7), the retention job and the answer cache of the statistics. */
export const statsService: FastifyPluginAsync = async (app) => {
  statsCacheOf(app.deps.db).configure(app.deps.config.statsCacheMb * 1024 * 1024);
  // issue 13: `Bearer nodr_…` API tokens work here (the event stream stays cookie-only).
  acceptApiTokens(app);
  // issue 12: data written through any replica retires this replica's cached answers about it.
  const stopHearing = app.deps.hub.onStatsChanged((nodeIds) =>
    nodeIds.length > 0 ? statsVersions.nodesChanged(nodeIds) : statsVersions.allChanged(),
  );
  await app.register(statsRoutes);
  const retention = startRetentionJob(app.deps, app.log);
  app.addHook('onClose', async () => {
    stopHearing();
    await retention.stop();
  });
};
