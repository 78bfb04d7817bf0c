/**
 * In-memory stand-ins for the API behind the Users area's admin tabs: delivery endpoints, deliveries with their
 * attempts, the outbox, and connectors with their events. They check bodies with the contract's own parsers and
 * build a connector's URL and templates with the contract's own functions, as the server does, so a test sees
 * the refusals and answers the real routes give.
 */
import {
  CONNECTORS_PATH,
  CONNECTOR_MESSAGES,
  connectorTemplates,
  connectorUrl,
  parseConnectorBody,
  presetMapping,
  type Connector,
  type ConnectorEvent,
} from '@callboard/contract/connectors';
import {
  DELIVERIES_PATH,
  DELIVERY_ENDPOINTS_PATH,
  DELIVERY_MESSAGES,
  OUTBOX_PATH,
  parseEndpointBody,
  type Delivery,
  type DeliveryAttempt,
  type DeliveryEndpoint,
  type OutboxMessage,
} from '@callboard/contract/delivery';
import { type Platform } from '@callboard/contract/platforms';
import { jsonResponse } from '@callboard/shared-auth/testing/fetch-mock';
import type { FakeRequest } from '@callboard/shared-auth/testing/render-in-host';

const NOW = '2026-03-10T15:00:00.000Z';
const ORIGIN = 'http://localhost:8080';

const notFound = (message: string) => jsonResponse({ success: false, code: 'NOT_FOUND', message }, 404);
const invalid = (errors: Array<{ field: string; message: string }>) =>
  jsonResponse({ success: false, code: 'VALIDATION_ERROR', message: errors[0]?.message ?? 'Invalid', errors }, 400);

export function makeEndpoint(id: string, overrides: Partial<DeliveryEndpoint> = {}): DeliveryEndpoint {
  return {
    id,
    name: `Endpoint ${id}`,
    kind: 'webhook',
    url: `https://receiver.example.com/${id}`,
    owner: { id: 'me', name: 'Ada Admin' },
    consecutiveFailures: 0,
    pausedAt: null,
    pauseReason: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

export function makeDelivery(id: string, overrides: Partial<Delivery> = {}): Delivery {
  return {
    id,
    channel: 'webhook',
    endpoint: { id: 'e1', name: 'Endpoint e1' },
    address: null,
    source: { kind: 'alert', id: 'rule-1' },
    subject: `Message ${id}`,
    messageId: `msg_${id}`,
    orderingKey: null,
    status: 'sent',
    attempts: 1,
    lastStatusCode: 200,
    lastError: null,
    nextAttemptAt: null,
    createdAt: NOW,
    sentAt: NOW,
    replayOf: null,
    ...overrides,
  };
}

/** GET|POST /api/delivery-endpoints, each endpoint's PUT, DELETE, rotate-secret, resume and test; the deliveries log and replay; the outbox. */
export class FakeDeliveryApi {
  endpoints: DeliveryEndpoint[] = [];
  deliveries: Delivery[] = [];
  attempts: Record<string, DeliveryAttempt[]> = {};
  outbox: OutboxMessage[] = [];
  /** What a test message's delivery becomes when next read (the receiver's answer). */
  testOutcome: Pick<Delivery, 'status' | 'lastStatusCode' | 'lastError'> = { status: 'sent', lastStatusCode: 204, lastError: null };
  private made = 0;

  handle(request: Pick<FakeRequest, 'method' | 'path' | 'query' | 'body'>): Response | undefined {
    const { method, path } = request;
    if (path === DELIVERY_ENDPOINTS_PATH && method === 'GET') return jsonResponse({ success: true, data: this.endpoints });
    if (path === DELIVERY_ENDPOINTS_PATH && method === 'POST') return this.createEndpoint(request.body);
    if (path.startsWith(`${DELIVERY_ENDPOINTS_PATH}/`)) return this.endpointAction(method, path.slice(DELIVERY_ENDPOINTS_PATH.length + 1).split('/'), request.body);
    if (path === DELIVERIES_PATH && method === 'GET') return this.listDeliveries(request.query);
    if (path.startsWith(`${DELIVERIES_PATH}/`)) return this.deliveryAction(method, path.slice(DELIVERIES_PATH.length + 1).split('/'));
    if (path === OUTBOX_PATH && method === 'GET') {
      return jsonResponse({ success: true, data: this.outbox.map(({ id, from, to, subject, date }) => ({ id, from, to, subject, date })) });
    }
    if (path.startsWith(`${OUTBOX_PATH}/`) && method === 'GET') {
      const message = this.outbox.find((item) => item.id === decodeURIComponent(path.slice(OUTBOX_PATH.length + 1)));
      return message ? jsonResponse({ success: true, data: message }) : notFound(DELIVERY_MESSAGES.outboxNotFound);
    }
    return undefined;
  }

  private createEndpoint(raw: unknown): Response {
    const body = parseEndpointBody(raw ?? {});
    if (Array.isArray(body)) return invalid(body);
    this.made += 1;
    const endpoint = makeEndpoint(`new${this.made}`, { ...body });
    this.endpoints.unshift(endpoint);
    const secret = body.kind === 'webhook' ? `whsec_made${this.made}` : null;
    return jsonResponse({ success: true, message: secret ? 'Endpoint added: copy its signing secret now, it is not shown again' : 'Endpoint added', data: { ...endpoint, secret } }, 201);
  }

  private endpointAction(method: string, [rawId = '', action]: string[], raw: unknown): Response | undefined {
    const index = this.endpoints.findIndex((endpoint) => endpoint.id === decodeURIComponent(rawId));
    const endpoint = this.endpoints[index];
    if (!endpoint) return notFound(DELIVERY_MESSAGES.endpointNotFound);
    if (action === undefined && method === 'PUT') {
      const body = parseEndpointBody(raw ?? {}, endpoint.kind);
      if (Array.isArray(body)) return invalid(body);
      this.endpoints[index] = { ...endpoint, name: body.name, url: body.url };
      return jsonResponse({ success: true, message: 'Endpoint saved', data: this.endpoints[index] });
    }
    if (action === undefined && method === 'DELETE') {
      this.endpoints.splice(index, 1);
      return jsonResponse({ success: true, message: 'Endpoint deleted' });
    }
    if (action === 'rotate-secret' && method === 'POST') {
      if (endpoint.kind !== 'webhook') return jsonResponse({ success: false, code: 'CONFLICT', message: DELIVERY_MESSAGES.slackHasNoSecret }, 409);
      this.made += 1;
      return jsonResponse({ success: true, message: 'New secret made: copy it now, it is not shown again', data: { ...endpoint, secret: `whsec_rotated${this.made}` } });
    }
    if (action === 'resume' && method === 'POST') {
      if (!endpoint.pausedAt) return jsonResponse({ success: false, code: 'CONFLICT', message: DELIVERY_MESSAGES.notPaused }, 409);
      this.endpoints[index] = { ...endpoint, pausedAt: null, pauseReason: null, consecutiveFailures: 0 };
      return jsonResponse({ success: true, message: 'Endpoint resumed', data: this.endpoints[index] });
    }
    if (action === 'test' && method === 'POST') {
      this.made += 1;
      const delivery = makeDelivery(`test${this.made}`, {
        endpoint: { id: endpoint.id, name: endpoint.name },
        source: { kind: 'test', id: endpoint.id },
        subject: `Test message to ${endpoint.name}`,
        status: 'pending',
        attempts: 0,
        lastStatusCode: null,
        sentAt: null,
      });
      this.deliveries.unshift(delivery);
      const message = endpoint.pausedAt ? 'Test queued: the endpoint is paused, so it is sent once an admin resumes it' : 'Test message queued';
      return jsonResponse({ success: true, message, data: delivery }, 202);
    }
    return undefined;
  }

  private listDeliveries(query: URLSearchParams): Response {
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 50);
    const matching = this.deliveries.filter(
      (delivery) =>
        (!query.get('status') || delivery.status === query.get('status')) &&
        (!query.get('channel') || delivery.channel === query.get('channel')) &&
        (!query.get('endpoint') || delivery.endpoint?.id === query.get('endpoint')),
    );
    return jsonResponse({ success: true, data: matching.slice((page - 1) * limit, page * limit), meta: { total: matching.length, page, pages: Math.ceil(matching.length / limit), limit } });
  }

  private deliveryAction(method: string, [rawId = '', action]: string[]): Response | undefined {
    const index = this.deliveries.findIndex((delivery) => delivery.id === decodeURIComponent(rawId));
    const delivery = this.deliveries[index];
    if (!delivery) return notFound(DELIVERY_MESSAGES.deliveryNotFound);
    if (action === undefined && method === 'GET') {
      // A test message is tried once it is read again: the receiver answers as the test says.
      if (delivery.source.kind === 'test' && delivery.status === 'pending') this.deliveries[index] = { ...delivery, ...this.testOutcome, attempts: 1 };
      return jsonResponse({ success: true, data: { ...this.deliveries[index], attemptLog: this.attempts[delivery.id] ?? [] } });
    }
    if (action === 'replay' && method === 'POST') {
      if (delivery.status !== 'sent' && delivery.status !== 'failed') return jsonResponse({ success: false, code: 'CONFLICT', message: DELIVERY_MESSAGES.stillDelivering }, 409);
      this.made += 1;
      const replay = { ...delivery, id: `replay${this.made}`, status: 'pending' as const, attempts: 0, lastStatusCode: null, lastError: null, sentAt: null, replayOf: delivery.id };
      this.deliveries.unshift(replay);
      return jsonResponse({ success: true, message: 'Delivery queued again', data: replay }, 202);
    }
    return undefined;
  }
}

/** GET|POST /api/connectors, each connector's GET, PUT, DELETE, rotate-secret and events. */
export class FakeConnectorsApi {
  connectors: Connector[] = [];
  events: Record<string, ConnectorEvent[]> = {};
  private made = 0;

  /** A connector as the server answers it: its URL and templates built from its mapping by the contract. */
  makeConnector(id: string, platform: Platform, overrides: Partial<Connector> = {}): Connector {
    const token = overrides.token ?? `tok_${id}`;
    const mapping = overrides.mapping ?? presetMapping(platform);
    const url = connectorUrl(ORIGIN, id, token);
    return {
      id,
      name: `Connector ${id}`,
      platform,
      timeZone: 'America/New_York',
      enabled: true,
      createdAt: NOW,
      updatedAt: NOW,
      tokenRotatedAt: NOW,
      lastEventAt: null,
      heldCalls: 0,
      ...overrides,
      mapping,
      token,
      url,
      templates: connectorTemplates(platform, mapping, url),
    };
  }

  handle(request: Pick<FakeRequest, 'method' | 'path' | 'body'>): Response | undefined {
    const { method, path } = request;
    if (path === CONNECTORS_PATH && method === 'GET') return jsonResponse({ success: true, data: this.connectors });
    if (path === CONNECTORS_PATH && method === 'POST') {
      const { value, errors } = parseConnectorBody(request.body, true);
      if (errors.length > 0) return invalid(errors);
      this.made += 1;
      const connector = this.makeConnector(`c-new${this.made}`, value.platform as Platform, {
        name: value.name,
        ...(value.timeZone ? { timeZone: value.timeZone } : {}),
        ...(value.mapping ? { mapping: value.mapping } : {}),
      });
      this.connectors.unshift(connector);
      return jsonResponse({ success: true, message: 'Connector created: paste its URL into the platform', data: connector }, 201);
    }
    if (!path.startsWith(`${CONNECTORS_PATH}/`)) return undefined;
    const [rawId = '', action] = path.slice(CONNECTORS_PATH.length + 1).split('/');
    const index = this.connectors.findIndex((connector) => connector.id === decodeURIComponent(rawId));
    const connector = this.connectors[index];
    if (!connector) return notFound(CONNECTOR_MESSAGES.notFound);
    if (action === undefined && method === 'GET') return jsonResponse({ success: true, data: connector });
    if (action === 'events' && method === 'GET') return jsonResponse({ success: true, data: this.events[connector.id] ?? [] });
    if (action === undefined && method === 'PUT') {
      const { value, errors } = parseConnectorBody(request.body, false);
      if (errors.length > 0) return invalid(errors);
      this.connectors[index] = this.makeConnector(connector.id, value.platform ?? connector.platform, { ...connector, ...value, updatedAt: '2026-03-10T15:05:00.000Z' });
      return jsonResponse({ success: true, message: 'Connector saved', data: this.connectors[index] });
    }
    if (action === undefined && method === 'DELETE') {
      this.connectors.splice(index, 1);
      return jsonResponse({ success: true, message: 'Connector deleted' });
    }
    if (action === 'rotate-secret' && method === 'POST') {
      this.made += 1;
      this.connectors[index] = this.makeConnector(connector.id, connector.platform, { ...connector, token: `tok_rotated${this.made}` });
      return jsonResponse({ success: true, message: 'New token: paste the new URL into the platform', data: this.connectors[index] });
    }
    return undefined;
  }
}
