import { Type } from 'typebox';
import type { ConfigBody, NodeBody, NodeStatusBody } from '../../contracts/node-body.ts';
import type { NodeHealthAnswer } from '../../contracts/node-health.ts';
import { agreeing, Moment } from '../lib/answer-schemas.ts';

/** Answer schemas of the main API's node calls (contracts/node-body.ts, contracts/node-health.ts). */

const closed = { additionalProperties: false } as const;
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const ConfigAnswer = agreeing<ConfigBody>()(
  Type.Object(
    {
      id: Type.Integer(),
      name: Type.String(),
      status: Type.Integer({
        description: 'contracts/node-rules.ts CONFIG_STATUS: 10 available, 1 coming soon',
      }),
      storage: Type.Number({ description: 'bytes' }),
      ram: Type.Number({ description: 'bytes' }),
      bandwidth: Type.Number({ description: 'bits per second' }),
      ip_type: Type.String(),
    },
    closed,
  ),
);

export const NodeAnswer = agreeing<NodeBody>()(
  Type.Object(
    {
      id: Type.Integer(),
      teamId: Type.Integer(),
      name: Type.String(),
      status: Type.Integer({ description: 'contracts/node-status.ts NODE_STATUS' }),
      check: nullable(Type.String({ description: 'The hardware check as JSON text' })),
      config_id: Type.Integer(),
      configId: Type.Integer(),
      config: ConfigAnswer,
      publicKey: Type.String(),
      licenseKey: Type.String(),
      domain: Type.String(),
      createdAt: Moment,
      storage: nullable(Type.Number()),
      ram: nullable(Type.Number()),
      ipAddress: nullable(Type.String()),
      os: nullable(Type.Integer()),
      bandWidth: nullable(Type.Number()),
      lastSeenAt: nullable(Moment),
      online: nullable(Type.Boolean()),
      offlineSince: nullable(Moment),
    },
    closed,
  ),
);

export const NodeStatusAnswer = agreeing<NodeStatusBody>()(
  Type.Object({ id: Type.Integer(), status: Type.Integer() }, closed),
);

export const NodeHealthSchema = agreeing<NodeHealthAnswer>()(
  Type.Object(
    {
      lastSeenAt: nullable(Moment),
      online: nullable(Type.Boolean()),
      transitions: Type.Array(Type.Object({ online: Type.Boolean(), at: Moment }, closed)),
    },
    closed,
  ),
);
