import { type RegisterInput, register } from '../../api/auth.ts';
import { fromRequest } from '../common/from-request.ts';

/** POST guest/register (links built from the site origin by the API module). */
export const registerAccount = fromRequest<unknown, RegisterInput>(({ input, signal }) =>
  register(input, signal),
);
