import type { NodeHealthFields } from './node-health.ts';

/**
 * spec 3: the JSON bodies of the main API's node calls, as the server writes them (server/nodes/node-json.ts) and
 * the web app reads them (src/api/nodes.ts, whose structs are checked against these types at compile time).
 */

/** A hardware configuration option. Status: contracts/node-rules.ts CONFIG_STATUS. */
export interface ConfigBody {
  id: number;
  name: string;
  status: number;
  /** bytes */
  storage: number;
  /** bytes */
  ram: number;
  /** bits per second */
  bandwidth: number;
  ip_type: string;
}

/** A node (NODR) with the fields spec 3 names. `check` is the JSON text of a HardwareCheck, or null. */
export interface NodeSpecBody {
  id: number;
  teamId: number;
  name: string;
  /** contracts/node-status.ts NODE_STATUS */
  status: number;
  check: string | null;
  config_id: number;
  configId: number;
  config: ConfigBody;
  publicKey: string;
  licenseKey: string;
  domain: string;
  /** ISO 8601 */
  createdAt: string;
  storage: number | null;
  ram: number | null;
  ipAddress: string | null;
  os: number | null;
  bandWidth: number | null;
}

/** A node as this server answers it: the spec's fields and the health fields (contracts/node-health.ts). */
export interface NodeBody extends NodeSpecBody, NodeHealthFields {}

/** A node as the web app accepts it: the health fields may be missing (a server without them). */
export type NodeReadBody = NodeSpecBody & Partial<NodeHealthFields>;

/** The answer of toggle and delete: the node's id and its new status (spec 4). */
export interface NodeStatusBody {
  id: number;
  status: number;
}
