import { describe, expect, it } from 'vitest';
import { PRIVATE_KEY_REASON } from '../../contracts/public-key-diagnosis.ts';
import { ApiError, NetworkError } from '../api/client.ts';
import { UNREACHABLE } from './connection-messages.ts';
import { actionFailure, keyFailure, keyFormatFailure } from './node-messages.ts';

const refusal = (status: number, code: string, message = 'The server says why.') =>
  new ApiError(status, code, message);

describe('a failed create, update or reconfigure with a key (spec 8)', () => {
  it('reads the 3-node limit as the soon message', () => {
    expect(keyFailure(refusal(400, 'node_limit'))).toEqual({
      message: 'Soon it will be possible to add a new NODR',
      code: 'node_limit',
    });
  });

  it('reads a 409 taken key with the spec text', () => {
    expect(keyFailure(refusal(409, 'public_key_taken'))).toEqual({
      message: 'The key is already taken by another NODR. Please check that you enter your key and try again',
      code: 'public_key_taken',
    });
  });

  it('reads a 500 and a format refusal as a key in the wrong format', () => {
    const format = 'Incorrect format public key. Please check your key and try again';
    expect(keyFailure(refusal(500, 'internal_error', 'Database down'))).toEqual({
      message: format,
      code: 'internal_error',
    });
    expect(keyFailure(refusal(400, 'invalid_public_key'))).toEqual({
      message: format,
      code: 'invalid_public_key',
    });
  });

  it("shows the server's own text for any other refusal", () => {
    expect(keyFailure(refusal(403, 'forbidden', 'Only an Admin can add a NODR.'))).toEqual({
      message: 'Only an Admin can add a NODR.',
      code: 'forbidden',
    });
  });

  it('says the server cannot be reached when the call never left', () => {
    expect(keyFailure(new NetworkError(new TypeError('fetch failed')))).toEqual({
      message: UNREACHABLE,
      code: 'network_error',
    });
  });
});

describe('any other failed node call', () => {
  it.each([400, 404, 409, 422, 499])("shows the server's text for a %d", (status) => {
    expect(actionFailure(refusal(status, 'refused', 'Not now.'))).toEqual({
      message: 'Not now.',
      code: 'refused',
    });
  });

  it.each([500, 502, 503, 399])('shows the generic message, not the server text, for a %d', (status) => {
    expect(actionFailure(refusal(status, 'oops', 'stack trace here'))).toEqual({
      message: 'Sorry, something went wrong... Please try again later',
      code: 'oops',
    });
  });

  it('shows the generic message for an error that is not an answer at all', () => {
    expect(actionFailure(new Error('boom'))).toEqual({
      message: 'Sorry, something went wrong... Please try again later',
      code: 'network_error',
    });
  });
});

describe('a key that fails the format check before any call (spec 5 and 8)', () => {
  it('reads the format message with the code the server would give, and the reason under it', () => {
    expect(keyFormatFailure('-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----')).toEqual({
      message: 'Incorrect format public key. Please check your key and try again',
      code: 'invalid_public_key',
      reason: PRIVATE_KEY_REASON,
    });
  });

  it("keeps the server's reason for a refused key", () => {
    const error = new ApiError(400, 'invalid_public_key', 'Incorrect format', {
      error: 'invalid_public_key',
      message: 'Incorrect format',
      reason: 'This is an RSA key.',
    });
    expect(keyFailure(error)).toMatchObject({ code: 'invalid_public_key', reason: 'This is an RSA key.' });
  });
});
