import type { FastifyInstance } from 'fastify';

/** Load balancers' probes: not the dashboard in use (export-pacing.ts). */
const MACHINE = { machine: true };

/** Liveness never touches the database; readiness does, with a short time limit. */
export default async function healthRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.get('/healthz', { config: MACHINE, schema: { tags: ['health'], summary: 'The process is up' } }, async () => ({
    success: true,
    data: { status: 'ok' },
  }));

  fastify.get('/readyz', { config: MACHINE, schema: { tags: ['health'], summary: 'The database answers' } }, async (request, reply) => {
    try {
      await fastify.db.ping(1000);
      return { success: true, data: { status: 'ready', database: fastify.db.kind } };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ success: false, code: 'UNAVAILABLE', message: 'The database is unavailable' });
    }
  });
}
