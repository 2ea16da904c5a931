import {
  type ActivityEntry,
  listActivity,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  type SignedInBrowser,
} from '../../api/sessions.ts';
import { fromRequest } from '../common/from-request.ts';

// Each actor passes its signal on, so a stopped machine cancels its request (STYLE 5).

export const listSessionsActor = fromRequest<SignedInBrowser[]>(({ signal }) => listSessions(signal));

export const revokeSessionActor = fromRequest<unknown, { id: number }>(({ input, signal }) =>
  revokeSession(input.id, signal),
);

export const revokeOtherSessionsActor = fromRequest<unknown>(({ signal }) => revokeOtherSessions(signal));

export const listActivityActor = fromRequest<ActivityEntry[]>(({ signal }) => listActivity(signal));
