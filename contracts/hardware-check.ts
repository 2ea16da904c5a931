/**
 * spec 3: the hardware check of a node being configured. The server works it out from the node's report
 * (server/nodes/hardware-check.ts) and stores it as JSON text on the node; the node agent reads it as the answer of
 * POST v1/check; the web app parses the node's `check` text (src/api/nodes.ts CheckStruct) and shows one row per
 * parameter. The check's shape is a TypeBox schema in contracts/hardware-check.schema.ts.
 */

/** The five parameters of a check, in the order the web app shows them (spec 2). */
export const CHECK_PARAMETERS = ['storage', 'ram', 'ip', 'os', 'bandwidth'] as const;
export type CheckParameter = (typeof CHECK_PARAMETERS)[number];
