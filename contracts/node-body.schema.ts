import { type Static, Type } from 'typebox';
import { NodeHealthFieldsSchema } from './node-health.schema.ts';
import { NodeMaintenanceFieldsSchema } from './node-maintenance.schema.ts';
import { NodeUptimeFieldsSchema } from './node-uptime.schema.ts';
import { NodeVersionFieldsSchema } from './node-versions.schema.ts';
import { closed, Moment, nullable } from './wire.schema.ts';

/**
 * spec 3: the JSON bodies of the main API's node calls. The server's routes answer with these schemas
 * (server/nodes/nodes-routes.ts) and the web app's structs are `Describe<>` of their types (src/api/nodes.ts).
 */

/** A hardware configuration option. */
export const ConfigSchema = Type.Object(
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
);
export type ConfigBody = Static<typeof ConfigSchema>;

/** A node (NODR) with the fields spec 3 names. */
const nodeSpecFields = {
  id: Type.Integer(),
  teamId: Type.Integer(),
  name: Type.String(),
  status: Type.Integer({ description: 'contracts/node-status.ts NODE_STATUS' }),
  check: nullable(Type.String({ description: 'The hardware check as JSON text' })),
  config_id: Type.Integer(),
  configId: Type.Integer(),
  config: ConfigSchema,
  publicKey: Type.String(),
  licenseKey: Type.String(),
  domain: Type.String(),
  createdAt: Moment,
  storage: nullable(Type.Number()),
  ram: nullable(Type.Number()),
  ipAddress: nullable(Type.String()),
  os: nullable(Type.Integer()),
  bandWidth: nullable(Type.Number()),
};

/** A node as this server answers it: the spec's fields, the health fields, the agent's version, its maintenance and
 * its uptime. */
export const NodeSchema = Type.Object(
  {
    ...nodeSpecFields,
    ...NodeHealthFieldsSchema.properties,
    ...NodeVersionFieldsSchema.properties,
    ...NodeMaintenanceFieldsSchema.properties,
    ...NodeUptimeFieldsSchema.properties,
  },
  closed,
);
export type NodeBody = Static<typeof NodeSchema>;

/** A node as the web app accepts it: the health, version and uptime fields may be missing (a server without them). */
const NodeReadSchema = Type.Object(
  {
    ...nodeSpecFields,
    ...Type.Partial(NodeHealthFieldsSchema).properties,
    ...Type.Partial(NodeVersionFieldsSchema).properties,
    ...Type.Partial(NodeMaintenanceFieldsSchema).properties,
    ...Type.Partial(NodeUptimeFieldsSchema).properties,
  },
  closed,
);
export type NodeReadBody = Static<typeof NodeReadSchema>;

/** The answer of toggle and delete: the node's id and its new status (spec 4). */
export const NodeStatusSchema = Type.Object({ id: Type.Integer(), status: Type.Integer() }, closed);
export type NodeStatusBody = Static<typeof NodeStatusSchema>;
