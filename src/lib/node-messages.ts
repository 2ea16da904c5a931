import {
  INVALID_PUBLIC_KEY_MESSAGE,
  KEY_TAKEN_MESSAGE,
  NODE_LIMIT_MESSAGE,
} from '../../contracts/node-rules.ts';
import { publicKeyProblem } from '../../contracts/public-key-diagnosis.ts';
import { ApiError, isUnreachable } from '../api/client.ts';
import { UNREACHABLE } from './connection-messages.ts';

/** What the 'soon' modal and the add flow at 3 nodes say below its title, NODE_LIMIT_MESSAGE. */
export const SOON_DETAIL =
  'A workspace can run up to 3 NODRs for now. We will let you know when you can add more.';
/** Any other failure of a node call (an unexpected server error). */
export const GENERIC_FAILURE = 'Sorry, something went wrong... Please try again later';

/** A failed node call as the screens show it: the message, and the error code spec 8 says is kept. */
export interface Failure {
  message: string;
  code: string;
  /** What to fix, said under the message (a refused public key: contracts/public-key-diagnosis.ts). */
  reason?: string;
}

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : 'network_error');

/** The server's reason beside its message, when it gave one. */
function reasonOf(error: ApiError): { reason?: string } {
  const { body } = error;
  const reason = typeof body === 'object' && body !== null && 'reason' in body ? body.reason : undefined;
  return typeof reason === 'string' ? { reason } : {};
}

/** A failed create, update or reconfigure that carried a key (spec 8). */
export function keyFailure(error: unknown): Failure {
  const code = codeOf(error);
  if (!(error instanceof ApiError)) return actionFailure(error);
  if (code === 'node_limit') return { message: NODE_LIMIT_MESSAGE, code };
  if (code === 'public_key_taken') return { message: KEY_TAKEN_MESSAGE, code };
  // spec 8: a 500 reads as a key in the wrong format; so does the server's own format refusal.
  if (code === 'invalid_public_key') return { message: INVALID_PUBLIC_KEY_MESSAGE, code, ...reasonOf(error) };
  if (error.status === 500) return { message: INVALID_PUBLIC_KEY_MESSAGE, code };
  return actionFailure(error);
}

/** Any other failed node call: the server's own text for a refusal, else the generic message. */
export function actionFailure(error: unknown): Failure {
  const code = codeOf(error);
  // A server that could not be reached is not 'something went wrong'.
  if (isUnreachable(error)) return { message: UNREACHABLE, code };
  if (error instanceof ApiError && error.status >= 400 && error.status < 500)
    return { message: error.message, code };
  return { message: GENERIC_FAILURE, code };
}

/** spec 5 and 8: a key that fails the format check before any call, with the reason under the message. */
export function keyFormatFailure(text: string): Failure {
  const reason = publicKeyProblem(text);
  return {
    message: INVALID_PUBLIC_KEY_MESSAGE,
    code: 'invalid_public_key',
    ...(reason === undefined ? {} : { reason }),
  };
}
