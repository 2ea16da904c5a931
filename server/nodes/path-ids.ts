import { badRequest } from '../lib/errors.ts';

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
