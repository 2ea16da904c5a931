import { type Static, Type } from 'typebox';
import { closed, Moment, nullable } from './wire.schema.ts';

/** A node's maintenance window as the server answers it (contracts/node-maintenance.ts). */
export const MaintenanceSchema = Type.Object({ startsAt: Moment, endsAt: Moment }, closed);
export type MaintenanceBody = Static<typeof MaintenanceSchema>;

/** The field each node of the list answer gains; no field the spec names changes. */
export const NodeMaintenanceFieldsSchema = Type.Object(
  {
    maintenance: nullable(
      Type.Object(MaintenanceSchema.properties, {
        ...closed,
        description: "The node's current or scheduled maintenance window; null when none.",
      }),
    ),
  },
  closed,
);
export type NodeMaintenanceFields = Static<typeof NodeMaintenanceFieldsSchema>;
