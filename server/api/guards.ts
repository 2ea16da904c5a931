import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, requireMember } from '../lib/authenticate.ts';
import { badRequest } from '../lib/errors.ts';

const ID = /^[1-9]\d{0,8}$/;

/**
 * preValidation hooks, so that 401 (no session) and 403 (not a member, spec 8) come before any 400 about the body:
 * an outsider learns nothing about a team's nodes from validation messages.
 */
export function signedIn(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    await authenticate(app.deps.db, app.deps.clock, request);
  };
}

export function teamMember(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    const caller = await authenticate(app.deps.db, app.deps.clock, request);
    const raw = (request.params as { teamId?: string }).teamId ?? '';
    requireMember(caller, ID.test(raw) ? Number(raw) : Number.NaN);
  };
}

/** The ids a form repeats (teamId, id) must agree with the path when they are sent. */
export function samePathIds(
  path: { teamId: number; id?: number },
  body: { teamId?: number; id?: number } | undefined,
): void {
  if (body?.teamId !== undefined && body.teamId !== path.teamId) {
    throw badRequest('team_mismatch', 'The team in the form does not match the address.');
  }
  if (path.id !== undefined && body?.id !== undefined && body.id !== path.id) {
    throw badRequest('node_mismatch', 'The NODR in the form does not match the address.');
  }
}
