import { TEAM_ERRORS } from '../../contracts/team-body.ts';
import { HttpError } from '../lib/errors.ts';

type TeamError = keyof typeof TEAM_ERRORS;

/** The HTTP status of each refusal of contracts/team-body.ts (docs/api-teams.md). */
const STATUS: Record<TeamError, number> = {
  lastAdmin: 409,
  membersFull: 409,
  invitationsFull: 409,
  invitationExists: 409,
  alreadyMember: 409,
  resendTooSoon: 429,
  otherAddress: 403,
  // Expired, used, revoked, declined or never issued: one answer, so a link tells nothing about its history.
  invitationGone: 410,
  viewerReadOnly: 403,
  closurePending: 403,
  noClosure: 409,
};

/** The refusal as an HttpError the error handler answers with `{ error, message }`. */
export function teamError(name: TeamError): HttpError {
  const { error, message } = TEAM_ERRORS[name];
  return new HttpError(STATUS[name], error, message);
}
