import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks signing, by the specification's own library (standardwebhooks): the secret is `whsec_` + base64 of
 * the key, and `webhook-signature` is `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`.
 */
const PREFIX = 'whsec_';

/** A new signing secret: 24 random bytes, as the spec's own libraries make them. */
export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(24).toString('base64')}`;
}

/** `timestamp` is the `webhook-timestamp` header's Unix seconds. */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  return new Webhook(secret).sign(id, new Date(timestamp * 1000), body);
}
