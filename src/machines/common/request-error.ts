import { ApiError, isUnreachable } from '../../api/client.ts';
import { UNREACHABLE } from '../../lib/connection-messages.ts';

/** A failed call as machines keep it (spec 3: the error code), with a text a screen can show. */
export interface RequestFailure {
  code: string;
  message: string;
}

const OFFLINE: RequestFailure = { code: 'network_error', message: UNREACHABLE };

const UNEXPECTED: RequestFailure = {
  code: 'unexpected_answer',
  message: 'Something went wrong. Please try again.',
};

/** Turns what an API actor rejected with into a code and a message (an unreachable server says so). */
export function toRequestFailure(error: unknown): RequestFailure {
  if (error instanceof ApiError) return { code: error.code, message: error.message };
  return isUnreachable(error) ? OFFLINE : UNEXPECTED;
}
