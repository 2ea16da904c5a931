/** JSON schemas of the Sessions and Recent activity calls (issue 10, docs/api-auth.md). */

export const sessionIdParams = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
} as const;

/** These calls take no body; anything sent is refused rather than ignored. */
export const noBody = { type: 'object', additionalProperties: false, maxProperties: 0 } as const;

const moment = { type: 'string', format: 'date-time' } as const;

export const sessionsResponse = {
  200: {
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'device', 'ip', 'createdAt', 'lastActiveAt', 'current'],
      properties: {
        id: { type: 'integer' },
        device: { type: 'string' },
        ip: { type: 'string' },
        createdAt: moment,
        lastActiveAt: moment,
        current: { type: 'boolean' },
      },
    },
  },
} as const;

export const revokedResponse = {
  200: {
    type: 'object',
    additionalProperties: false,
    required: ['ok'],
    properties: { ok: { type: 'boolean' }, revoked: { type: 'integer' } },
  },
} as const;

export const activityResponse = {
  200: {
    type: 'array',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'kind', 'at', 'ip', 'device'],
      properties: {
        id: { type: 'integer' },
        kind: { type: 'string' },
        at: moment,
        ip: { type: 'string' },
        device: { type: 'string' },
      },
    },
  },
} as const;
