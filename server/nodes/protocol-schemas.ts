import { Type } from 'typebox';
import type { HardwareCheck } from '../../contracts/hardware-check.ts';
import type { HeartbeatAnswer, TelemetryAnswer } from '../../contracts/node-protocol.ts';
import { agreeing, answers } from '../lib/answer-schemas.ts';

/** Answer schemas of the node protocol (contracts/node-protocol.ts, contracts/hardware-check.ts). */

const closed = { additionalProperties: false } as const;
const verdict = <T extends ReturnType<typeof Type.Number> | ReturnType<typeof Type.String>>(used: T) =>
  Type.Object({ used, result: Type.Boolean() }, closed);

export const checkAnswer = answers({
  200: agreeing<HardwareCheck>()(
    Type.Object(
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
    ),
  ),
});

export const heartbeatAnswer = answers({
  200: agreeing<HeartbeatAnswer>()(Type.Object({ status: Type.Integer() }, closed)),
});

export const telemetryAnswer = answers({
  200: agreeing<TelemetryAnswer>()(
    Type.Object({ accepted: Type.Integer(), duplicates: Type.Integer(), skipped: Type.Integer() }, closed),
  ),
});
