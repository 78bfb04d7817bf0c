import { DELIVERY_CHANNELS, DELIVERY_SOURCE_KINDS, DELIVERY_STATUSES, ENDPOINT_KINDS } from '@callboard/contract/delivery';

/**
 * Response schemas of the delivery routes (deliveries, delivery-endpoints, outbox): a field not listed here never
 * leaves the server, which is what keeps an endpoint's secret out of every answer but creation and rotation.
 */
const nullableString = { type: ['string', 'null'] } as const;
const named = { type: ['object', 'null'], properties: { id: { type: 'string' }, name: { type: 'string' } } } as const;

export const endpointSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    kind: { type: 'string', enum: [...ENDPOINT_KINDS] },
    url: { type: 'string' },
    owner: named,
    consecutiveFailures: { type: 'integer' },
    pausedAt: nullableString,
    pauseReason: nullableString,
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
    // A reviewer's list: whether the endpoint is paused, without the rest.
    paused: { type: 'boolean' },
  },
} as const;

/** Creation and rotation only: the secret, shown this once. */
export const endpointWithSecretSchema = {
  type: 'object',
  properties: { ...endpointSchema.properties, secret: nullableString },
} as const;

export const deliverySchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    channel: { type: 'string', enum: [...DELIVERY_CHANNELS] },
    endpoint: named,
    address: nullableString,
    source: { type: 'object', properties: { kind: { type: 'string', enum: [...DELIVERY_SOURCE_KINDS] }, id: { type: 'string' } } },
    subject: { type: 'string' },
    messageId: { type: 'string' },
    orderingKey: nullableString,
    status: { type: 'string', enum: [...DELIVERY_STATUSES] },
    attempts: { type: 'integer' },
    lastStatusCode: { type: ['integer', 'null'] },
    lastError: nullableString,
    nextAttemptAt: nullableString,
    createdAt: { type: 'string' },
    sentAt: nullableString,
    replayOf: nullableString,
  },
} as const;

export const deliveryDetailSchema = {
  type: 'object',
  properties: {
    ...deliverySchema.properties,
    attemptLog: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          attemptedAt: { type: 'string' },
          outcome: { type: 'string', enum: ['sent', 'failed'] },
          statusCode: { type: ['integer', 'null'] },
          error: nullableString,
          durationMs: { type: 'integer' },
        },
      },
    },
  },
} as const;

/** `{ success, message?, data }` around one of the schemas above. */
export const envelope = (data: object) =>
  ({ type: 'object', properties: { success: { type: 'boolean' }, message: { type: 'string' }, data } }) as const;
