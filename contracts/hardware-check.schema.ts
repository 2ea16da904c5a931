import { type Static, type TNumber, type TString, Type } from 'typebox';
import { closed } from './wire.schema.ts';

/** The check JSON of spec 3 on the wire (what it is for and its parameters: contracts/hardware-check.ts). */

/** One parameter: what the node reported and whether it meets the node's configuration. */
const verdict = <T extends TNumber | TString>(used: T) =>
  Type.Object({ used, result: Type.Boolean() }, closed);

/** The check JSON of spec 3 (checkConfigurationsNodr): an overall result and one verdict per parameter. */
export const HardwareCheckSchema = Type.Object(
  {
    result: Type.Boolean(),
    check_config_nodr: Type.Object(
      {
        storage: verdict(Type.Number()),
        ram: verdict(Type.Number()),
        ip: verdict(Type.String()),
        os: verdict(Type.Number()),
        bandwidth: verdict(Type.Number()),
      },
      closed,
    ),
  },
  closed,
);
export type HardwareCheck = Static<typeof HardwareCheckSchema>;
