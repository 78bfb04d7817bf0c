/**
 * The delivery mechanism as the API and the screens share it: where outbound messages go (delivery endpoints:
 * a signed webhook or a Slack incoming webhook), the log of every message sent (deliveries, each with its
 * attempts), and the outbox that holds email when no mail server is configured.
 */
import type { FieldError } from './api-envelope';

export const DELIVERY_ENDPOINTS_PATH = '/api/delivery-endpoints';
export const DELIVERIES_PATH = '/api/deliveries';
export const OUTBOX_PATH = '/api/outbox';

export const deliveryEndpointPath = (id: string) => `${DELIVERY_ENDPOINTS_PATH}/${encodeURIComponent(id)}`;
export const rotateEndpointSecretPath = (id: string) => `${deliveryEndpointPath(id)}/rotate-secret`;
export const resumeEndpointPath = (id: string) => `${deliveryEndpointPath(id)}/resume`;
export const testEndpointPath = (id: string) => `${deliveryEndpointPath(id)}/test`;
export const deliveryPath = (id: string) => `${DELIVERIES_PATH}/${encodeURIComponent(id)}`;
export const replayDeliveryPath = (id: string) => `${deliveryPath(id)}/replay`;
export const outboxMessagePath = (id: string) => `${OUTBOX_PATH}/${encodeURIComponent(id)}`;

/** The screen an endpoint is managed on (the Users area's Delivery endpoints tab, which marks it); a pause notification links to it. */
export const endpointScreenLink = (id: string) => `/users/endpoints?endpoint=${encodeURIComponent(id)}`;

/** `webhook`: a signed JSON POST (Standard Webhooks); `slack`: a Slack incoming webhook, or any service that takes its payload. */
export const ENDPOINT_KINDS = ['webhook', 'slack'] as const;
export type EndpointKind = (typeof ENDPOINT_KINDS)[number];

export const DELIVERY_CHANNELS = ['email', 'webhook', 'slack'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** `pending`: not tried yet (or waiting behind an earlier one, or for its paused endpoint); `retrying`: tried, tried again later. */
export const DELIVERY_STATUSES = ['pending', 'retrying', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** What produced a message. */
export const DELIVERY_SOURCE_KINDS = ['alert', 'report', 'event', 'test'] as const;
export type DeliverySourceKind = (typeof DELIVERY_SOURCE_KINDS)[number];

export const ENDPOINT_NAME_MAX_LENGTH = 100;
export const ENDPOINT_URL_MAX_LENGTH = 2000;
/** One page of the deliveries log at most. */
export const DELIVERIES_PAGE_MAX = 200;

/** The hosts a Slack endpoint may use plain http with: a receiver on this machine (a local test or relay). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const DELIVERY_MESSAGES = {
  nameRequired: 'name is required: say where the messages go, e.g. "QC channel"',
  nameTooLong: `name must be at most ${ENDPOINT_NAME_MAX_LENGTH} characters`,
  kindInvalid: `kind must be one of ${ENDPOINT_KINDS.join(', ')}`,
  urlRequired: 'url is required',
  urlTooLong: `url must be at most ${ENDPOINT_URL_MAX_LENGTH} characters`,
  urlInvalid: 'url must be an http:// or https:// address',
  urlCredentials: 'url must not carry a user name or password: a webhook is authenticated by its signature',
  slackUrlInsecure: 'A Slack url must be https:// (http:// only to this machine: localhost, 127.0.0.1 or ::1)',
  endpointNotFound: 'Endpoint not found',
  deliveryNotFound: 'Delivery not found',
  outboxNotFound: 'Message not found in the outbox',
  stillDelivering: 'This delivery is still being tried: replay it once it is sent or has failed',
  recipientGone: 'The recipient of this email has been deactivated, deleted or given another address since: it is not sent again',
  endpointGone: 'The endpoint of this delivery was deleted: there is nowhere to send it',
  notPaused: 'This endpoint is not paused',
  slackHasNoSecret: 'A Slack endpoint has no signing secret: its URL is its credential',
} as const;

/**
 * What is wrong with an endpoint's URL for its kind, or undefined. Webhooks take any http(s) URL (a receiver
 * inside the network may not have TLS; the signature still proves the sender). Slack takes https, as Slack's
 * own hooks.slack.com and the services that accept its payload (Mattermost, Rocket.Chat) serve it, or http to
 * this machine, for a local relay and the tests.
 */
export function endpointUrlProblem(kind: EndpointKind, url: string): string | undefined {
  if (url.length > ENDPOINT_URL_MAX_LENGTH) return DELIVERY_MESSAGES.urlTooLong;
  const parts = HTTP_URL.exec(url);
  if (!parts) return DELIVERY_MESSAGES.urlInvalid;
  const [, scheme, authority] = parts as unknown as [string, string, string];
  if (authority.includes('@')) return DELIVERY_MESSAGES.urlCredentials;
  const host = hostOf(authority);
  if (host === '') return DELIVERY_MESSAGES.urlInvalid;
  if (kind === 'slack' && scheme.toLowerCase() === 'http' && !LOOPBACK_HOSTS.has(host)) return DELIVERY_MESSAGES.slackUrlInsecure;
  return undefined;
}

/** `http(s)://authority` then a path, query or fragment, nothing blank (the contract runs without the URL class of browsers and Node). */
const HTTP_URL = /^(https?):\/\/([^/?#\s]+)([/?#]\S*)?$/i;

/** The host of an authority without its port: `[::1]:8080` → `[::1]`, `Example.com:443` → `example.com`. */
function hostOf(authority: string): string {
  const host = authority.startsWith('[') ? authority.slice(0, authority.indexOf(']') + 1) : authority.replace(/:\d*$/, '');
  return host.toLowerCase();
}

/** Body of POST DELIVERY_ENDPOINTS_PATH; PUT takes name and url (the kind is fixed at creation). */
export interface EndpointBody {
  name: string;
  kind: EndpointKind;
  url: string;
}

/** The fields of an endpoint's body, trimmed; or every problem, each under its field. */
export function parseEndpointBody(body: { name?: unknown; kind?: unknown; url?: unknown }, kind: unknown = body.kind): EndpointBody | FieldError[] {
  const errors: FieldError[] = [];
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  if (!name) errors.push({ field: 'name', message: DELIVERY_MESSAGES.nameRequired });
  else if (name.length > ENDPOINT_NAME_MAX_LENGTH) errors.push({ field: 'name', message: DELIVERY_MESSAGES.nameTooLong });
  const validKind = (ENDPOINT_KINDS as readonly unknown[]).includes(kind);
  if (!validKind) errors.push({ field: 'kind', message: DELIVERY_MESSAGES.kindInvalid });
  const url = typeof body.url === 'string' ? body.url.trim() : '';
  if (!url) errors.push({ field: 'url', message: DELIVERY_MESSAGES.urlRequired });
  else if (validKind) {
    const problem = endpointUrlProblem(kind as EndpointKind, url);
    if (problem) errors.push({ field: 'url', message: problem });
  }
  return errors.length > 0 ? errors : { name, kind: kind as EndpointKind, url };
}

/** An endpoint as admins list it: never its secret. */
export interface DeliveryEndpoint {
  id: string;
  name: string;
  kind: EndpointKind;
  url: string;
  /** Told when the endpoint is paused; null once that account is deleted (the admins are told instead). */
  owner: { id: string; name: string } | null;
  /** Deliveries in a row that finally failed (a sent one sets it back to 0). */
  consecutiveFailures: number;
  /** Set while paused: nothing is sent until an admin resumes it; new messages wait. */
  pausedAt: string | null;
  pauseReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An endpoint as a reviewer lists it, to pick it for an alert rule: its name, kind and whether it is paused. */
export interface DeliveryEndpointName {
  id: string;
  name: string;
  kind: EndpointKind;
  paused: boolean;
}

/**
 * The answer to creating a webhook endpoint or rotating its secret: the only time `secret` is shown. A receiver
 * verifies each request's `webhook-signature` with it (any Standard Webhooks library).
 */
export interface EndpointWithSecret extends DeliveryEndpoint {
  secret: string | null;
}

export interface Delivery {
  id: string;
  channel: DeliveryChannel;
  /** The endpoint of a webhook or Slack message; null for email, and once the endpoint is deleted. */
  endpoint: { id: string; name: string } | null;
  /** The email address of an email. */
  address: string | null;
  source: { kind: DeliverySourceKind; id: string };
  subject: string;
  /** The webhook-id: the same on every retry and every replay, so a receiver can ignore a repeat. */
  messageId: string;
  orderingKey: string | null;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  /** When it is tried next; null once sent or failed. */
  nextAttemptAt: string | null;
  createdAt: string;
  sentAt: string | null;
  /** The delivery this one resends. */
  replayOf: string | null;
}

export interface DeliveryAttempt {
  attemptedAt: string;
  outcome: 'sent' | 'failed';
  /** The HTTP status, or the SMTP reply code; null when none came (a timeout, a refused connection). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** GET deliveryPath(id): the delivery and every attempt, oldest first. */
export interface DeliveryDetail extends Delivery {
  attemptLog: DeliveryAttempt[];
}

/** Query of GET DELIVERIES_PATH. */
export interface DeliveriesParams {
  status?: DeliveryStatus;
  channel?: DeliveryChannel;
  endpoint?: string;
  source?: DeliverySourceKind;
  sourceId?: string;
  page?: number;
  limit?: number;
}

export interface DeliveriesPage {
  success: true;
  data: Delivery[];
  meta: { total: number; page: number; pages: number; limit: number };
}

/** An email held in the outbox (no SMTP_URL): the list's row. */
export interface OutboxEntry {
  id: string;
  from: string;
  to: string;
  subject: string;
  date: string;
}

/** GET outboxMessagePath(id): the message as a mail client would show it. */
export interface OutboxMessage extends OutboxEntry {
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string; size: number }[];
}
