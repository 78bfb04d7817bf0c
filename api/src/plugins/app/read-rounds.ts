import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ReadRounds } from '../../domain/calls/read-rounds';
import { currentPartnerScope, scopeKey } from '../../domain/partners/request-scope';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers a read that depends only on its route, query string and partner scope (not on who asks), sharing a
     * database round trip with identical requests that arrived at the same time (domain/calls/read-rounds.ts).
     */
    sharedRead<T>(request: FastifyRequest, compute: () => Promise<T>): Promise<T>;
  }
}

/**
 * The validated query with its keys in order, and whose calls it reads: two requests that ask the same
 * thing within the same scope get one key (a partner never shares a round with the network or another partner).
 */
function questionOf(request: FastifyRequest): string {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const ordered = Object.keys(query)
    .sort()
    .map((key) => [key, query[key]]);
  return `${scopeKey(currentPartnerScope())} ${request.routeOptions.url ?? request.url} ${JSON.stringify(ordered)}`;
}

export default fp(async function readRounds(fastify) {
  const rounds = new ReadRounds();
  fastify.decorate('sharedRead', <T>(request: FastifyRequest, compute: () => Promise<T>) => rounds.ask(questionOf(request), compute));
});
