import fp from 'fastify-plugin';
import { createSharedState, type SharedState } from '../../domain/shared-state/shared-state';

declare module 'fastify' {
  interface FastifyInstance {
    sharedState: SharedState;
  }
}

/** Expired login counts, idempotency keys and export leases are deleted this often. */
export const SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * The login throttle, the idempotency keys and the export guard, kept in the
 * database on either engine (domain/shared-state/shared-state.ts), and the
 * timer that sweeps their expired rows, on either engine too: nothing else
 * deletes them. Registered after the database.
 */
export default fp(
  async function sharedState(fastify) {
    const state = createSharedState(fastify.db, (error) => fastify.log.warn({ err: error }, 'shared state: an export lease could not be renewed or ended'));
    fastify.decorate('sharedState', state);
    const sweeper = setInterval(() => {
      state.sweep().catch((error: unknown) => fastify.log.warn({ err: error }, 'shared state: sweeping expired rows failed'));
    }, SWEEP_INTERVAL_MS);
    sweeper.unref();
    fastify.addHook('onClose', async () => {
      clearInterval(sweeper);
      state.close();
    });
  },
  { name: 'shared-state' },
);
