import { fromPromise } from 'xstate';
import { type RegisterInput, register } from '../api/auth.ts';

/** POST guest/register (links built from the site origin by the API module). */
export const registerAccount = fromPromise<unknown, RegisterInput>(({ input, signal }) =>
  register(input, signal),
);
