import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { answers, fileAnswer } from '../lib/answer-schemas.ts';
import { idSchema, strictObject } from '../lib/input-schema.ts';
import { requireTeamMember } from '../plugins/session.ts';
import { latestMinutes, teamNodes } from './team-metrics.repository.ts';
import { LATEST_MINUTE_WINDOW_S, PROMETHEUS_TEXT, teamMetricsText } from './team-metrics.ts';

const params = strictObject({ teamId: idSchema });
const metricsAnswer = answers({
  200: fileAnswer('text/plain', 'Prometheus text exposition format: per-node series (docs/team-metrics.md)'),
});

/**
 * The team's nodes for Prometheus: an API token of the team (read-only is enough) or a member's session, like
 * every other team read of /api/; another team's token or member gets 403, as the node list does.
 */
export const teamMetricsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/teams/:teamId/metrics',
    {
      preValidation: requireTeamMember('teamId'),
      schema: { summary: "Prometheus metrics of the team's nodes", params, response: metricsAnswer },
    },
    async (request, reply) => {
      const { db, clock } = app.deps;
      const { teamId } = request.params;
      const since = Math.floor(clock.now().getTime() / 1000) - LATEST_MINUTE_WINDOW_S;
      const [nodes, minutes] = await Promise.all([teamNodes(db, teamId), latestMinutes(db, teamId, since)]);
      return reply
        .header('cache-control', 'no-store')
        .type(PROMETHEUS_TEXT)
        .send(teamMetricsText(nodes, minutes));
    },
  );
};
