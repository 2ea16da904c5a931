import { createHmac } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import { randomToken, safeEqual } from '../lib/tokens.ts';

/**
 * A browser that signed in to an account keeps a device cookie (OWASP "device cookies"):
 * `<userId>.<device id>.<HMAC-SHA256 of both>`, so it is bound to the account and cannot be forged. One cookie
 * per browser: the account signed in last.
 */
export const DEVICE_COOKIE = 'nodr_device';
const DEVICE_TTL_S = 180 * 24 * 3600;
// Only the guest sign-in calls read it (the server mounts the auth service at /auth).
const DEVICE_PATH = '/auth/guest';

function sign(key: Buffer, userId: number, deviceId: string): string {
  return createHmac('sha256', key).update(`${userId}.${deviceId}`).digest('base64url');
}

/** The device id of a device cookie's value when it is valid for `userId`. */
export function readDevice(cookie: string | undefined, key: Buffer, userId: number): string | undefined {
  const [user, deviceId, signature, ...rest] = (cookie ?? '').split('.');
  if (rest.length > 0 || !deviceId || !signature || user !== String(userId)) return undefined;
  return safeEqual(signature, sign(key, userId, deviceId)) ? deviceId : undefined;
}

/** A device cookie's value for `userId`, keeping the browser's device id when it already had one. */
export function deviceCookieValue(key: Buffer, userId: number, deviceId = randomToken(16)): string {
  return `${userId}.${deviceId}.${sign(key, userId, deviceId)}`;
}

/** Marks the browser as known (a fresh lifetime on every sign-in). */
export function setDeviceCookie(reply: FastifyReply, config: Config, value: string): void {
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    path: DEVICE_PATH,
    secure: config.publicUrl.startsWith('https:'),
    maxAge: DEVICE_TTL_S,
  });
}
