import { type Static, Type } from 'typebox';
import { MAX_POINTS_PER_REQUEST } from './node-protocol.ts';
import { OS_CODES } from './node-rules.ts';
import { VERSION_MAX_LENGTH, VERSION_PATTERN } from './node-versions.ts';
import { closed, safeString } from './wire.schema.ts';

/**
 * The bodies of the node protocol (docs/node-protocol.md), requests and answers: the server's endpoints validate
 * with them and the node agent, its reference client, sends their types. Limits and helpers: contracts/node-protocol.ts.
 */

const bytes = (description: string) =>
  Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description });

/** Body of POST v1/check: what the node's host offers. */
export const HardwareReportSchema = Type.Object(
  {
    storage: bytes("free storage of the node's data folder, bytes"),
    ram: bytes('RAM, bytes'),
    ip: safeString({
      maxLength: 64,
      description: "the host's public IPv4 or IPv6 address, the one viewers reach",
    }),
    os: Type.Integer({ enum: OS_CODES, description: 'spec 3 OS code (contracts/node-rules.ts OS_CODE)' }),
    bandwidth: bytes('bits per second'),
  },
  closed,
);
export type HardwareReport = Static<typeof HardwareReportSchema>;

const version = (description: string) =>
  Type.Optional(Type.String({ maxLength: VERSION_MAX_LENGTH, pattern: VERSION_PATTERN, description }));

/**
 * The versions a node runs (contracts/node-versions.ts), sent in the check and in every heartbeat. Optional: an agent
 * from before them sends neither and is still accepted.
 */
export const NODE_VERSION_PROPERTIES = {
  agentVersion: version("The agent's version, e.g. 1.4.2"),
  softwareVersion: version("The node software's version, where the agent knows it"),
};

/** Body of POST v1/check: the host's hardware and the versions it runs. */
export const CheckBodySchema = Type.Object(
  { ...HardwareReportSchema.properties, ...NODE_VERSION_PROPERTIES },
  closed,
);
export type CheckBody = Static<typeof CheckBodySchema>;

/** Body of POST v1/heartbeat: the versions the node runs; an agent from before them sends `{}` or nothing. */
export const HeartbeatBodySchema = Type.Object(NODE_VERSION_PROPERTIES, closed);
export type HeartbeatBody = Static<typeof HeartbeatBodySchema>;

/** 1 TB in a minute (about 133 Gbit/s) is far above any node; larger counters are a broken agent. */
const MAX_BYTES_PER_MINUTE = 1_000_000_000_000;

const minuteBytes = (description: string) =>
  Type.Integer({ minimum: 0, maximum: MAX_BYTES_PER_MINUTE, description });

/** One minute of one node's traffic (POST v1/telemetry). Bytes are totals for that minute. */
export const TelemetryPointSchema = Type.Object(
  {
    // A timestamp inside a minute is refused.
    ts: Type.Integer({
      minimum: 0,
      maximum: 100_000_000_000,
      multipleOf: 60,
      description: 'Unix seconds at the start of the minute',
    }),
    uplink: minuteBytes('bytes the node uploaded (the peer-to-peer part)'),
    delivered: minuteBytes('bytes delivered to viewers (from the CDN plus peer-to-peer)'),
    input: minuteBytes('bytes taken from the CDN'),
    viewers: Type.Integer({ minimum: 0, maximum: 100_000_000, description: 'viewers during the minute' }),
    quality: Type.Number({ minimum: 0, maximum: 100, description: 'quality index, 0 to 100' }),
  },
  closed,
);
export type TelemetryPoint = Static<typeof TelemetryPointSchema>;

/** Body of POST v1/telemetry. */
export const TelemetryBodySchema = Type.Object(
  { points: Type.Array(TelemetryPointSchema, { minItems: 1, maxItems: MAX_POINTS_PER_REQUEST }) },
  {
    ...closed,
    examples: [
      {
        points: [
          {
            ts: 1_795_305_600,
            uplink: 52_428_800,
            delivered: 209_715_200,
            input: 157_286_400,
            viewers: 120,
            quality: 97.5,
          },
        ],
      },
    ],
  },
);

/** Answer of POST v1/heartbeat: the node's status (contracts/node-status.ts). */
export const HeartbeatAnswerSchema = Type.Object({ status: Type.Integer() }, closed);
export type HeartbeatAnswer = Static<typeof HeartbeatAnswerSchema>;

/** Answer of POST v1/telemetry. */
export const TelemetryAnswerSchema = Type.Object(
  {
    accepted: Type.Integer({ description: 'minutes stored now' }),
    duplicates: Type.Integer({ description: 'minutes already stored, or repeated within the batch' }),
    skipped: Type.Integer({
      description: 'minutes older than the retention or more than 5 minutes ahead: dropped, not an error',
    }),
  },
  closed,
);
export type TelemetryAnswer = Static<typeof TelemetryAnswerSchema>;
