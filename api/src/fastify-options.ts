import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyServerOptions } from 'fastify';
import { BODY_LIMIT_BYTES } from './app';
import { LOG_REDACTION } from './http/log-redaction';

/**
 * How long the HTTP server waits on a client, in ms. None of them bounds how
 * long a response may take to send: a year's export or a Server-Sent Events
 * stream runs for as long as the client keeps reading.
 * - headers: the request line and headers must arrive within this (a client
 *   trickling headers one byte at a time holds a socket for nothing);
 * - request: the whole request, body included, must arrive within this; the
 *   largest body (a 1 MiB ingest batch) needs only ~35 KB/s for it. Node counts it
 *   while receiving the request, not while sending the response;
 * - keepAlive: an idle kept-alive connection closes after this. Above the 60 s idle
 *   timeout load balancers commonly use, so the balancer closes first and
 *   never sends a request down a connection this server is closing;
 * - idleSocket: a socket with nothing read or written for this long is closed: a
 *   peer gone without a word. Above the SSE heartbeat (every 25 s at the most)
 *   and the cut of a stalled export (domain/export/stalled-reader.ts, 60 s),
 *   which end such connections first and say why in the log.
 */
export const SERVER_TIMEOUTS_MS = {
  headers: 10_000,
  request: 30_000,
  keepAlive: 72_000,
  idleSocket: 120_000,
} as const;

/**
 * The Fastify settings the server and the tests share. Ajv converts query
 * strings to the numbers their schemas ask for, but does not turn a scalar
 * into an array (Fastify's default 'array' coercion would accept
 * `{ "calls": "x" }` as a batch of one); properties a schema does not list
 * are dropped rather than stored.
 */
export const FASTIFY_OPTIONS: FastifyHttpOptions<Server> = {
  bodyLimit: BODY_LIMIT_BYTES,
  ajv: { customOptions: { coerceTypes: true, removeAdditional: true, useDefaults: true } },
  // Fastify has no option of its own for the headers' timeout; Node's createServer takes it.
  http: { headersTimeout: SERVER_TIMEOUTS_MS.headers },
  requestTimeout: SERVER_TIMEOUTS_MS.request,
  keepAliveTimeout: SERVER_TIMEOUTS_MS.keepAlive,
  connectionTimeout: SERVER_TIMEOUTS_MS.idleSocket,
};

/** The logger the server and the tests share: what it leaves out is in http/log-redaction.ts. */
export function loggerOptions(level: string, stream?: { write(line: string): void }): FastifyServerOptions<Server>['logger'] {
  return { level, ...LOG_REDACTION, ...(stream ? { stream } : {}) };
}
