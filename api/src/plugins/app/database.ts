import fp from 'fastify-plugin';
import type { Database } from '../../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/** Makes the database the server opened available to every route; whoever opened it closes it. */
export default fp<{ db: Database }>(async function database(fastify, { db }) {
  fastify.decorate('db', db);
});
