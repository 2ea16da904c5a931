import type {
  ApiTokenBody,
  CreateApiTokenBody,
  CreatedApiTokenBody,
} from '../../../contracts/api-tokens.schema.ts';
import { createApiToken, listApiTokens, revokeApiToken } from '../../api/api-tokens.ts';
import { fromRequest } from '../common/from-request.ts';

// Each actor passes its signal on, so a stopped machine cancels its request (STYLE 5).

export const listApiTokensActor = fromRequest<ApiTokenBody[]>(({ signal }) => listApiTokens(signal));

export const createApiTokenActor = fromRequest<CreatedApiTokenBody, CreateApiTokenBody>(({ input, signal }) =>
  createApiToken(input, signal),
);

export const revokeApiTokenActor = fromRequest<unknown, { id: number }>(({ input, signal }) =>
  revokeApiToken(input.id, signal),
);
