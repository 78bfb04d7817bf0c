/**
 * Inbound connectors: a URL a tracking platform sends its pixels, webhooks or postbacks to, in its own
 * shape, with a mapping that turns its names into ours (contract/src/platforms.ts holds each platform's
 * names). What the admin routes answer and take, the mapping's rules and the templates to paste live here,
 * once for the server and the screen (docs/integrations.md, "Connectors").
 */
import type { FieldError } from './api-envelope';
import { DISPLAY_TIME_ZONE } from './date-presets';
import {
  CALLBOARD_FIELDS,
  FIELD_TRANSFORMS,
  PLATFORM_PRESETS,
  PLATFORMS,
  TRANSFORMS_OF,
  isCallboardField,
  isPlatform,
  normaliseFieldName,
  type CallboardField,
  type FieldTransform,
  type Platform,
} from './platforms';

/** The admin collection: GET lists the connectors, POST makes one. */
export const CONNECTORS_PATH = '/api/connectors';
export const connectorPath = (id: string): string => `${CONNECTORS_PATH}/${encodeURIComponent(id)}`;
export const connectorEventsPath = (id: string): string => `${connectorPath(id)}/events`;
export const connectorRotatePath = (id: string): string => `${connectorPath(id)}/rotate-secret`;
/** Where a platform sends (GET or POST). */
export const connectorReceivePath = (id: string): string => `/api/ingest/connectors/${encodeURIComponent(id)}`;

/** The query parameter that carries a connector's token (a platform that can send headers may use CONNECTOR_TOKEN_HEADER or `Authorization: Bearer` instead). */
export const CONNECTOR_TOKEN_PARAM = 'token';
export const CONNECTOR_TOKEN_HEADER = 'X-Connector-Token';

/** The received events a connector keeps, newest first: enough to see a platform's last few calls arrive, or why they did not. */
export const CONNECTOR_EVENTS_KEPT = 50;
/** How long the events of a call that has not arrived are held for it (a QC verdict or a conversion sent before the call). */
export const HELD_CALL_DAYS = 7;
/** How long after a call's last event its connector remembers what each event set, to judge a late event against. */
export const CONNECTOR_MEMORY_DAYS = 30;

export const CONNECTOR_NAME_MAX_LENGTH = 100;
export const MAPPING_MAX_ENTRIES = 100;
export const MAPPING_NAME_MAX_LENGTH = 100;
export const MAPPING_TOKEN_MAX_LENGTH = 200;
export const DEFAULT_CONNECTOR_TIME_ZONE = DISPLAY_TIME_ZONE;

/**
 * What a received event became:
 * - `created`: it made a new call; `updated`: it changed its call;
 * - `held`: its call lacks what a call needs (the event came before the one that names its campaign and
 *   publisher): kept for the call, for HELD_CALL_DAYS;
 * - `applied`: a held event, once its call arrived; or a verdict for a call stored by another way in;
 * - `ignored_stale`: nothing newer than what the call holds (a duplicate, or a late event);
 * - `rejected`: refused (a wrong token, a disabled connector, a value that is not valid), with the reason.
 */
export const CONNECTOR_OUTCOMES = ['created', 'updated', 'held', 'applied', 'ignored_stale', 'rejected'] as const;
export type ConnectorOutcome = (typeof CONNECTOR_OUTCOMES)[number];

export const CONNECTOR_OUTCOME_LABELS: Record<ConnectorOutcome, string> = {
  created: 'Created the call',
  updated: 'Updated the call',
  held: 'Held for its call',
  applied: 'Applied to its call',
  ignored_stale: 'Nothing newer',
  rejected: 'Rejected',
};

/** One line of a mapping: the platform's name (a parameter, a JSON key — dotted for a nested one — or a column) → our field. */
export interface MappingEntry {
  name: string;
  field: CallboardField;
  transform: FieldTransform;
  /** The platform's token for it, written into the templates; none for a name the platform sends on its own. */
  token?: string;
}

/** What to paste into the platform for one of its moments. */
export interface ConnectorTemplate {
  /** The platform's name for the moment (a Ringba fire point, a Retreaver trigger). */
  on: string;
  note: string;
  /** The URL, token included, with the platform's tokens as parameters (GET). */
  url: string;
  /** The same fields as a JSON body, for a platform that posts (to the URL without its parameters, token kept). */
  body: string;
}

/** A connector as the admin routes answer it: everything the screen shows, the token and what to paste included. */
export interface Connector {
  id: string;
  name: string;
  platform: Platform;
  /** Where a date without an offset is read (IANA name). */
  timeZone: string;
  enabled: boolean;
  mapping: MappingEntry[];
  /** Kept to show the URL again (decision 0042); only admins read it. */
  token: string;
  /** Where the platform sends: the receive path on this server, with the token. */
  url: string;
  templates: ConnectorTemplate[];
  createdAt: string;
  updatedAt: string;
  tokenRotatedAt: string;
  lastEventAt: string | null;
  /** Calls whose events are held, waiting for what a call needs. */
  heldCalls: number;
}

export interface ConnectorEvent {
  id: string;
  receivedAt: string;
  method: string;
  contentType: string | null;
  /** What was sent, query and body, with the token taken out; cut at a size (`truncated`). */
  payload: { query: Record<string, unknown>; body: unknown; truncated?: boolean };
  outcome: ConnectorOutcome;
  reason: string | null;
  /** The platform's id for the call, when the event named one. */
  platformCallId: string | null;
  /** Our call, once there is one. */
  callId: string | null;
}

/** Body of POST /api/connectors; PUT takes the same fields, each optional. */
export interface ConnectorBody {
  name: string;
  platform: Platform;
  timeZone?: string;
  enabled?: boolean;
  /** The platform's preset when omitted at creation. */
  mapping?: MappingEntry[];
}

/** What a platform's request gets back (200): what the event became (the call's id is on the event's line in the connector's list). */
export interface ConnectorReceipt {
  outcome: Exclude<ConnectorOutcome, 'rejected'>;
  reason: string | null;
  platformCallId: string;
}

export const CONNECTOR_MESSAGES = {
  nameRequired: 'name is required: say which platform account sends to it, e.g. "Ringba – main account"',
  nameTooLong: `name must be at most ${CONNECTOR_NAME_MAX_LENGTH} characters`,
  platformUnknown: `platform must be one of ${PLATFORMS.join(', ')}`,
  timeZoneUnknown: (zone: string) => `timeZone "${zone.slice(0, 60)}" is not a time zone: use an IANA name such as America/New_York`,
  enabledNotBoolean: 'enabled must be true or false',
  mappingNotList: 'mapping must be a list of { name, field, transform }',
  mappingTooLong: `mapping may have at most ${MAPPING_MAX_ENTRIES} entries`,
  entryNotObject: 'each mapping entry must be an object { name, field, transform, token? }',
  nameMissing: 'name is required: the platform’s name for the value',
  entryNameTooLong: `name must be at most ${MAPPING_NAME_MAX_LENGTH} characters`,
  nameReserved: `"${CONNECTOR_TOKEN_PARAM}" carries the connector’s token: it cannot be mapped`,
  fieldUnknown: (field: unknown) => `field ${quoted(field)} is not a Callboard field: use one of ${CALLBOARD_FIELDS.join(', ')}`,
  transformUnknown: (transform: unknown) => `transform ${quoted(transform)} is not a transform: use one of ${FIELD_TRANSFORMS.join(', ')}`,
  transformNotFor: (field: CallboardField, transform: FieldTransform) =>
    `${field} cannot take the ${transform} transform: use ${TRANSFORMS_OF[field].join(' or ')}`,
  tokenNotText: `token must be text of at most ${MAPPING_TOKEN_MAX_LENGTH} characters`,
  entryRepeated: (name: string, field: CallboardField) => `"${name}" is mapped to ${field} twice`,
  noCallId: 'mapping must map at least one name to systemCallId: it is how the events of one call are put together',
  tokenRefused: `A connector's valid token is required, as the ${CONNECTOR_TOKEN_PARAM} query parameter or the ${CONNECTOR_TOKEN_HEADER} header`,
  disabled: 'This connector is disabled: an admin turns it on again in Connectors',
  notFound: 'Connector not found',
} as const;

function quoted(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.trim() !== '';
  } catch {
    return false;
  }
}

/** A new connector's mapping: each of the platform's names (its own, then its aliases) → the field it fills. */
export function presetMapping(platform: Platform): MappingEntry[] {
  return PLATFORM_PRESETS[platform].fields.flatMap(({ name, aliases, field, transform, token }) => [
    { name, field, transform, ...(token ? { token } : {}) },
    ...(aliases ?? []).map((alias) => ({ name: alias, field, transform })),
  ]);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A mapping as sent, checked entry by entry; every problem under `mapping[i].<key>`. */
export function parseMapping(value: unknown): { mapping: MappingEntry[]; errors: FieldError[] } {
  const errors: FieldError[] = [];
  if (!Array.isArray(value)) return { mapping: [], errors: [{ field: 'mapping', message: CONNECTOR_MESSAGES.mappingNotList }] };
  if (value.length > MAPPING_MAX_ENTRIES) return { mapping: [], errors: [{ field: 'mapping', message: CONNECTOR_MESSAGES.mappingTooLong }] };
  const mapping: MappingEntry[] = [];
  const seen = new Set<string>();
  value.forEach((raw: unknown, index) => {
    const at = (key: string) => `mapping[${index}]${key ? `.${key}` : ''}`;
    if (!isObject(raw)) {
      errors.push({ field: at(''), message: CONNECTOR_MESSAGES.entryNotObject });
      return;
    }
    const before = errors.length;
    const name = typeof raw.name === 'string' ? raw.name.trim() : '';
    if (name === '' || normaliseFieldName(name) === '') errors.push({ field: at('name'), message: CONNECTOR_MESSAGES.nameMissing });
    else if (name.length > MAPPING_NAME_MAX_LENGTH) errors.push({ field: at('name'), message: CONNECTOR_MESSAGES.entryNameTooLong });
    else if (normaliseFieldName(name) === CONNECTOR_TOKEN_PARAM) errors.push({ field: at('name'), message: CONNECTOR_MESSAGES.nameReserved });
    if (!isCallboardField(raw.field)) errors.push({ field: at('field'), message: CONNECTOR_MESSAGES.fieldUnknown(raw.field) });
    const transform = raw.transform ?? (isCallboardField(raw.field) ? TRANSFORMS_OF[raw.field][0] : undefined);
    if (!(FIELD_TRANSFORMS as readonly unknown[]).includes(transform)) errors.push({ field: at('transform'), message: CONNECTOR_MESSAGES.transformUnknown(transform) });
    else if (isCallboardField(raw.field) && !TRANSFORMS_OF[raw.field].includes(transform as FieldTransform)) {
      errors.push({ field: at('transform'), message: CONNECTOR_MESSAGES.transformNotFor(raw.field, transform as FieldTransform) });
    }
    const token = raw.token;
    if (token !== undefined && token !== null && (typeof token !== 'string' || token.length > MAPPING_TOKEN_MAX_LENGTH)) {
      errors.push({ field: at('token'), message: CONNECTOR_MESSAGES.tokenNotText });
    }
    if (errors.length > before) return;
    const field = raw.field as CallboardField;
    const key = `${normaliseFieldName(name)} ${field}`;
    if (seen.has(key)) {
      errors.push({ field: at('name'), message: CONNECTOR_MESSAGES.entryRepeated(name, field) });
      return;
    }
    seen.add(key);
    const trimmedToken = typeof token === 'string' ? token.trim() : '';
    mapping.push({ name, field, transform: transform as FieldTransform, ...(trimmedToken ? { token: trimmedToken } : {}) });
  });
  if (errors.length === 0 && !mapping.some((entry) => entry.field === 'systemCallId')) errors.push({ field: 'mapping', message: CONNECTOR_MESSAGES.noCallId });
  return { mapping, errors };
}

export interface ParsedConnectorBody {
  name?: string;
  platform?: Platform;
  timeZone?: string;
  enabled?: boolean;
  mapping?: MappingEntry[];
}

/**
 * The body of POST (`creating`: name and platform required) or PUT (every field optional) /api/connectors,
 * checked; every problem listed, each under its field.
 */
export function parseConnectorBody(body: unknown, creating: boolean): { value: ParsedConnectorBody; errors: FieldError[] } {
  const input = isObject(body) ? body : {};
  const errors: FieldError[] = [];
  const value: ParsedConnectorBody = {};
  if (input.name !== undefined || creating) {
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (name === '') errors.push({ field: 'name', message: CONNECTOR_MESSAGES.nameRequired });
    else if (name.length > CONNECTOR_NAME_MAX_LENGTH) errors.push({ field: 'name', message: CONNECTOR_MESSAGES.nameTooLong });
    else value.name = name;
  }
  if (input.platform !== undefined || creating) {
    if (!isPlatform(input.platform)) errors.push({ field: 'platform', message: CONNECTOR_MESSAGES.platformUnknown });
    else value.platform = input.platform;
  }
  if (input.timeZone !== undefined) {
    const zone = typeof input.timeZone === 'string' ? input.timeZone.trim() : '';
    if (!isTimeZone(zone)) errors.push({ field: 'timeZone', message: CONNECTOR_MESSAGES.timeZoneUnknown(typeof input.timeZone === 'string' ? input.timeZone : quoted(input.timeZone)) });
    else value.timeZone = zone;
  }
  if (input.enabled !== undefined) {
    if (typeof input.enabled !== 'boolean') errors.push({ field: 'enabled', message: CONNECTOR_MESSAGES.enabledNotBoolean });
    else value.enabled = input.enabled;
  }
  if (input.mapping !== undefined) {
    const parsed = parseMapping(input.mapping);
    errors.push(...parsed.errors);
    if (parsed.errors.length === 0) value.mapping = parsed.mapping;
  }
  return { value, errors };
}

/** The URL a connector receives at: this server's origin, the receive path and the token. */
export function connectorUrl(origin: string, id: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${connectorReceivePath(id)}?${CONNECTOR_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

/**
 * What to paste, one template per moment the platform sends at: its preset's fields for that moment
 * (and the identity fields every event carries, so that whichever comes first makes the call), each as
 * the mapping names it with its token. A field whose mapping has no token is left out: the platform has
 * nothing to fill it with.
 */
export function connectorTemplates(platform: Platform, mapping: readonly MappingEntry[], url: string): ConnectorTemplate[] {
  const preset = PLATFORM_PRESETS[platform];
  const tokened = mapping.filter((entry): entry is MappingEntry & { token: string } => entry.token !== undefined);
  return preset.firePoints.map((point) => {
    const wanted = new Set<CallboardField>(point.fields === 'all' ? tokened.map((entry) => entry.field) : [...preset.identity, ...point.fields]);
    for (const field of preset.identity) wanted.add(field);
    // In the mapping's order, each field once (its first name with a token), each name once.
    const params: Array<[string, string]> = [];
    const named = new Set<string>();
    const filled = new Set<CallboardField>();
    for (const entry of tokened) {
      if (!wanted.has(entry.field) || filled.has(entry.field) || named.has(normaliseFieldName(entry.name))) continue;
      filled.add(entry.field);
      named.add(normaliseFieldName(entry.name));
      params.push([entry.name, entry.token]);
    }
    for (const [name, literal] of Object.entries(point.literals ?? {})) {
      if (mapping.some((entry) => normaliseFieldName(entry.name) === normaliseFieldName(name))) params.push([name, literal]);
    }
    const query = params.map(([name, value]) => `${encodeURIComponent(name)}=${value}`).join('&');
    return {
      on: point.on,
      note: point.note,
      url: query === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${query}`,
      body: JSON.stringify(Object.fromEntries(params), null, 2),
    };
  });
}
