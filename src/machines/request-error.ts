import { ApiError } from '../api/client.ts';

/** A failed call as machines keep it (spec 3: the error code), with a text a screen can show. */
export interface RequestFailure {
  code: string;
  message: string;
}

const OFFLINE: RequestFailure = {
  code: 'network_error',
  message: 'Something went wrong. Please check your connection and try again.',
};

/** Turns what an API actor rejected with into a code and a message; anything but an ApiError is a network fault. */
export function toRequestFailure(error: unknown): RequestFailure {
  if (error instanceof ApiError) return { code: error.code, message: error.message };
  return OFFLINE;
}
