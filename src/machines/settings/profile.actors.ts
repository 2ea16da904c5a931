import type { User, UserUpdate } from '../../api/auth.ts';
import { saveUser, type UserFields } from '../../api/settings.ts';
import { fromRequest } from '../common/from-request.ts';

/** PUT v1/user/{id}: the change over the user as the session holds it (spec 7); passes its signal on (STYLE 5). */
export const saveProfileActor = fromRequest<User, { user: UserFields; change: UserUpdate }>(
  ({ input, signal }) => saveUser(input.user, input.change, signal),
);
