import { recoverPassword } from '../../api/auth.ts';
import { fromRequest } from '../common/from-request.ts';

/** POST guest/recovery-password (url: origin plus /resPassword, built by the API module). */
export const requestRecovery = fromRequest<unknown, { login: string }>(({ input, signal }) =>
  recoverPassword(input, signal),
);
