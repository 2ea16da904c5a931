import { check, logout, type User } from '../../api/auth.ts';
import { fromRequest } from '../common/from-request.ts';

/** GET v1/check: the session check (spec 7), answering the signed-in user. */
export const checkSession = fromRequest<User>(({ signal }) => check(signal));

/** GET v1/logout: revokes the session on the server. */
export const endSession = fromRequest<unknown>(({ signal }) => logout(signal));
