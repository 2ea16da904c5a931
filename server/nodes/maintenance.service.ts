import type { NodeBody } from '../../contracts/node-body.schema.ts';
import { MAINTENANCE_MAX_MS, MAINTENANCE_MESSAGES } from '../../contracts/node-maintenance.ts';
import type { Deps } from '../deps.ts';
import { badRequest } from '../lib/errors.ts';
import { endWindow, saveWindow } from './maintenance.repository.ts';
import { existing, saved } from './node-rules.ts';

/** An ISO 8601 moment with a date and a time (and a zone, else UTC); anything else is a 400. */
function moment(text: string): Date {
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) ? new Date(text) : new Date(Number.NaN);
  if (Number.isNaN(at.getTime())) throw badRequest('invalid_maintenance', MAINTENANCE_MESSAGES.invalidTime);
  return at;
}

/** A node's maintenance window, for the team's admins (docs/alerts.md#maintenance). */
export function createMaintenanceService(deps: Deps) {
  return {
    /** Sets the node's window (from now unless a start is given) and answers the node. */
    async setWindow(
      teamId: number,
      id: number,
      body: { startsAt?: string; endsAt: string },
    ): Promise<NodeBody> {
      const { node } = await existing(deps.db, teamId, id);
      const now = deps.clock.now();
      const endsAt = moment(body.endsAt);
      const startsAt = body.startsAt === undefined ? now : moment(body.startsAt);
      if (endsAt.getTime() <= now.getTime())
        throw badRequest('invalid_maintenance', MAINTENANCE_MESSAGES.endInPast);
      if (endsAt.getTime() <= startsAt.getTime())
        throw badRequest('invalid_maintenance', MAINTENANCE_MESSAGES.endBeforeStart);
      // A start in the past is read as now: the window holds alerts from the moment it is set, not before.
      const from = new Date(Math.max(startsAt.getTime(), now.getTime()));
      if (endsAt.getTime() - from.getTime() > MAINTENANCE_MAX_MS)
        throw badRequest('invalid_maintenance', MAINTENANCE_MESSAGES.tooLong);
      await saveWindow(deps.db, node.id, { startsAt: from, endsAt }, now);
      return saved(deps, node.id);
    },

    /** Ends the node's window now (a scheduled one is dropped) and answers the node. */
    async endWindow(teamId: number, id: number): Promise<NodeBody> {
      const { node } = await existing(deps.db, teamId, id);
      await endWindow(deps.db, node.id, deps.clock.now());
      return saved(deps, node.id);
    },
  };
}
