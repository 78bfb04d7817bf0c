import type { FastifyServerOptions } from 'fastify';
import { BODY_LIMIT_BYTES } from './app';

/**
 * The Fastify settings the server and the tests share. Ajv converts query
 * strings to the numbers their schemas ask for, but does not turn a scalar
 * into an array (Fastify's default 'array' coercion would accept
 * `{ "calls": "x" }` as a batch of one); properties a schema does not list
 * are dropped rather than stored.
 */
export const FASTIFY_OPTIONS: FastifyServerOptions = {
  bodyLimit: BODY_LIMIT_BYTES,
  ajv: { customOptions: { coerceTypes: true, removeAdditional: true, useDefaults: true } },
};
