import fp from 'fastify-plugin';
import type { Database } from '../../db/database';
import { walledDatabase } from '../../db/partner-wall';
import { currentPartnerScope } from '../../domain/partners/request-scope';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

/**
 * Makes the database the server opened available to every route; whoever opened it closes it. During a
 * partner's request every statement runs behind the partner wall (db/partner-wall.ts).
 */
export default fp<{ db: Database }>(async function database(fastify, { db }) {
  fastify.decorate('db', walledDatabase(db, currentPartnerScope));
});
