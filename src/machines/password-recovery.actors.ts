import { fromPromise } from 'xstate';
import { recoverPassword } from '../api/auth.ts';

/** POST guest/recovery-password (url: origin plus /resPassword, built by the API module). */
export const requestRecovery = fromPromise<unknown, { login: string }>(({ input, signal }) =>
  recoverPassword(input, signal),
);
