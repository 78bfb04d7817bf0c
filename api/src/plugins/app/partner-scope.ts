import fp from 'fastify-plugin';
import { runWithRequestScope } from '../../domain/partners/request-scope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `scoped`: a partner account may use this route, and what it answers is narrowed to the partner's scope
     * and fields (docs/decisions/0037-partner-scope.md). Any route that does not say so answers a partner 403:
     * a new route is closed to partners until it is made to serve them.
     */
    partner?: 'scoped';
  }
}

/**
 * Gives every request a scope of its own from its first hook on (domain/partners/request-scope.ts);
 * authentication fills it in for a partner. Registered before the routes, so their hooks and handlers
 * all run inside it.
 */
export default fp(async function partnerScope(fastify) {
  fastify.addHook('onRequest', (_request, _reply, done) => runWithRequestScope(done));
});
