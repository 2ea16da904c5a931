import { Type } from 'typebox';
import { ApiTokenSchema } from '../../contracts/api-tokens.schema.ts';
import { idSchema } from '../lib/input-schema.ts';

/** TypeBox schemas of the API token calls (docs/api-tokens.md): Fastify validates with them. */

export const tokenIdParams = Type.Object({ id: idSchema }, { additionalProperties: false });

export const tokenListResponse = Type.Array(ApiTokenSchema);

export const revokedTokenResponse = Type.Object({ ok: Type.Literal(true) }, { additionalProperties: false });
