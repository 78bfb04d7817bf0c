import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CONNECTOR_TOKEN_HEADER, CONNECTOR_TOKEN_PARAM } from '@callboard/contract/connectors';
import { normaliseFieldName } from '@callboard/contract/platforms';

/** A connector's id: in its URL, so unguessable (16 random bytes), and recognisable. */
export function newConnectorId(): string {
  return `cn_${randomBytes(16).toString('base64url')}`;
}

/** The token a platform sends with each event: 32 random bytes, URL-safe, as it sits in a query string. */
export function newConnectorSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Compared in constant time, whatever the lengths: both sides are hashed to one length first. */
export function sameSecret(presented: string, secret: string): boolean {
  const left = createHash('sha256').update(presented).digest();
  const right = createHash('sha256').update(secret).digest();
  return timingSafeEqual(left, right);
}

type Headers = Record<string, string | string[] | undefined>;

function first(value: unknown): string | undefined {
  const one: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof one === 'string' ? one : undefined;
}

/**
 * The token a request presents: the `token` query parameter (whatever its case or punctuation, as every
 * name a connector reads), else the X-Connector-Token header, else `Authorization: Bearer …`. Never the
 * body: the rate limit reads it before the body is parsed (plugins/external/rate-limit.ts).
 */
export function presentedConnectorToken(query: unknown, headers: Headers): string | undefined {
  if (typeof query === 'object' && query !== null) {
    for (const [name, value] of Object.entries(query)) {
      if (normaliseFieldName(name) === CONNECTOR_TOKEN_PARAM) return first(value);
    }
  }
  const header = first(headers[CONNECTOR_TOKEN_HEADER.toLowerCase()]);
  if (header) return header;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(first(headers.authorization) ?? '');
  return bearer?.[1];
}

/**
 * What the rate limit keys a connector's budget by, once a request with it has been accepted
 * (domain/rate-limit/accepted-ingest-keys.ts): the connector and its token together, fingerprinted there,
 * so a stranger who knows a connector's URL without its token spends its own address's budget.
 */
export function connectorCredential(connectorId: string, token: string): string {
  return `connector:${connectorId}:${token}`;
}
