import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { HttpError } from '../../http/http-error';

export interface RateLimitOptions {
  /** Requests per minute per IP across the whole API: the outer ceiling. */
  perMinute: number;
}

/**
 * The outer ceiling for every route (1000 requests a minute per address by default). Routes that
 * need a tighter limit (register, refresh) set `config.rateLimit`; failed
 * logins have their own throttle keyed by address and email.
 */
export default fp<RateLimitOptions>(async function rateLimits(fastify, options) {
  await fastify.register(rateLimit, {
    global: true,
    max: options.perMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'RATE_LIMITED', `Too many requests: try again in ${Math.ceil(context.ttl / 1000)} seconds`),
  });
});
