import { CONNECTOR_TOKEN_PARAM, type ConnectorEvent } from '@callboard/contract/connectors';
import { normaliseFieldName } from '@callboard/contract/platforms';

/** The values an event sent, by normalised name (normaliseFieldName): a nested JSON key by its dotted path. */
export type EventValues = Map<string, unknown>;

/** Past this many characters of JSON, the payload a connector's event list keeps is cut (the event itself is read whole). */
export const KEPT_PAYLOAD_MAX_CHARS = 16_000;
const REDACTED = '[redacted]';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A nested object's leaves under their dotted paths ({ call: { uuid } } → "call.uuid"). */
function flatten(source: Record<string, unknown>, into: EventValues, prefix = ''): void {
  for (const [key, value] of Object.entries(source)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (isObject(value)) flatten(value, into, path);
    else into.set(normaliseFieldName(path), value);
  }
}

/**
 * What one request sent, query string and body (a form or JSON object) alike, by normalised name; the body's
 * value wins where both send a name. A body that is not an object (a JSON list, text) sends nothing by name.
 */
export function eventValues(query: unknown, body: unknown): EventValues {
  const values: EventValues = new Map();
  if (isObject(query)) flatten(query, values);
  if (isObject(body)) flatten(body, values);
  return values;
}

/** `value` with the connector's token taken out: under its parameter's name, and wherever a value is one of the tokens. */
function redact(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return secrets.some((secret) => secret !== '' && value.includes(secret)) ? REDACTED : value;
  if (Array.isArray(value)) return value.map((item) => redact(item, secrets));
  if (isObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, normaliseFieldName(key) === CONNECTOR_TOKEN_PARAM ? REDACTED : redact(item, secrets)]),
    );
  }
  return value;
}

/**
 * The payload an event is listed with: query and body without the token (the connector's, and whatever
 * token was presented, right or wrong), cut past KEPT_PAYLOAD_MAX_CHARS of JSON so one large body cannot
 * fill the list.
 */
export function keptPayload(query: unknown, body: unknown, secrets: readonly string[]): ConnectorEvent['payload'] {
  const payload = { query: (redact(isObject(query) ? query : {}, secrets) as Record<string, unknown>) ?? {}, body: redact(body ?? null, secrets) };
  const text = JSON.stringify(payload);
  if (text.length <= KEPT_PAYLOAD_MAX_CHARS) return payload;
  return { query: {}, body: text.slice(0, KEPT_PAYLOAD_MAX_CHARS), truncated: true };
}
