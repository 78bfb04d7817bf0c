/**
 * Webhooks are signed in the Standard Webhooks format (https://www.standardwebhooks.com; docs/delivery.md#webhooks), so a
 * receiver verifies them with any of that format's libraries: each request carries `webhook-id` (the same on
 * every retry and replay, for deduplication), `webhook-timestamp` (this attempt's, in seconds; receivers refuse
 * old ones, which stops a captured request being played again later) and `webhook-signature` (HMAC-SHA256 of
 * id, timestamp and body under the endpoint's secret).
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** The format's own prefix: a secret is recognisable, and libraries strip it before decoding. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** 32 random bytes, base64: the format takes 24 to 64. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

export function signedHeaders(secret: string, messageId: string, body: string, at: Date): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}
