import { idSchema, strictObject } from '../lib/input-schema.ts';

/** JSON schemas of the Sessions and Recent activity calls (issue 10, docs/api-auth.md). */

export const sessionIdParams = strictObject({ id: idSchema }, ['id']);

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
