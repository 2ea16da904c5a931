import { HardwareCheckSchema } from '../../contracts/hardware-check.schema.ts';
import { HeartbeatAnswerSchema, TelemetryAnswerSchema } from '../../contracts/node-protocol.schema.ts';
import { answers } from '../lib/answer-schemas.ts';

/** The node protocol's answers: the schemas of contracts/, with the error body for every refusal. */
export const checkAnswer = answers({ 200: HardwareCheckSchema });
export const heartbeatAnswer = answers({ 200: HeartbeatAnswerSchema });
export const telemetryAnswer = answers({ 200: TelemetryAnswerSchema });
