import { array, type Describe, enums, nullable, number, string, type } from 'superstruct';
import type {
  ApiTokenBody,
  CreateApiTokenBody,
  CreatedApiTokenBody,
} from '../../contracts/api-tokens.schema.ts';
import { API_TOKEN_SCOPES } from '../../contracts/api-tokens.ts';
import { OkStruct } from './auth.ts';
import { request } from './client.ts';

/** One API token as GET v1/tokens lists it (never its secret). */
export const ApiTokenStruct: Describe<ApiTokenBody> = type({
  id: number(),
  name: string(),
  teamId: number(),
  scope: enums([...API_TOKEN_SCOPES]),
  createdAt: string(),
  lastUsedAt: nullable(string()),
  lastUsedIp: nullable(string()),
  expiresAt: nullable(string()),
});

/** The answer of POST v1/tokens: the token with its secret, shown this once. */
export const CreatedApiTokenStruct: Describe<CreatedApiTokenBody> = type({
  id: number(),
  name: string(),
  teamId: number(),
  scope: enums([...API_TOKEN_SCOPES]),
  createdAt: string(),
  lastUsedAt: nullable(string()),
  lastUsedIp: nullable(string()),
  expiresAt: nullable(string()),
  token: string(),
});

export function listApiTokens(signal?: AbortSignal): Promise<ApiTokenBody[]> {
  return request('auth', 'GET', 'v1/tokens', { struct: array(ApiTokenStruct), signal });
}

export function createApiToken(body: CreateApiTokenBody, signal?: AbortSignal): Promise<CreatedApiTokenBody> {
  return request('auth', 'POST', 'v1/tokens', { json: body, struct: CreatedApiTokenStruct, signal });
}

export function revokeApiToken(id: number, signal?: AbortSignal) {
  return request('auth', 'DELETE', `v1/tokens/${id}`, { struct: OkStruct, signal });
}
