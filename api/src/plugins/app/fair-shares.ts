import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import {
  createExpensiveTurns,
  defaultFairShareLimits,
  expensiveClassOf,
  EXPENSIVE_BUSY_RETRY_AFTER_SECONDS,
  PersonTurns,
  type FairShareLimits,
} from '../../domain/fair-shares/fair-shares';
import { limitOwnerOf } from '../../domain/rate-limit/limit-owner';
import { unavailable } from '../../http/http-error';

export interface FairSharesOptions {
  /** Tests lower them; the defaults follow the engine (domain/fair-shares/fair-shares.ts). */
  limits?: Partial<FairShareLimits>;
}

/**
 * Takes a turn that lasts until the response is over or the client has gone: resolves when it starts,
 * rejects with the queue's refusal. A request that waited while its client left gives its turn back at
 * once and is answered (to nobody) instead of running.
 */
async function holdTurnUntilClosed(take: (work: () => Promise<void>) => Promise<void>, reply: FastifyReply): Promise<void> {
  let closed = false;
  const over = new Promise<void>((resolve) =>
    reply.raw.once('close', () => {
      closed = true;
      resolve();
    }),
  );
  await new Promise<void>((started, refused) => {
    take(() => {
      started();
      return over;
    }).catch(refused);
  });
  if (closed) throw unavailable('The client left while its request waited for a turn', EXPENSIVE_BUSY_RETRY_AFTER_SECONDS);
}

/**
 * Fair shares of the database (docs/decisions/0036-fair-shares.md), per instance:
 * - each signed-in person runs at most `personRunning` requests at once, `personWaiting` more wait, and
 *   the rest are refused with 429 TOO_MANY_CONCURRENT (counted, like the rate limits, by the access
 *   token's verified subject, before authentication looks the session up). The live event stream is left
 *   out: it stays open for minutes while idle, and has its own cap on streams;
 * - the expensive requests (transcript search, scorecard, export on PostgreSQL, deep offset pages) run
 *   one at a time per person (`personExpensiveRunning`) and take turns among the instance's
 *   `expensiveRunning`, at most half the pool; `expensiveWaiting` more wait, the rest get 503 UNAVAILABLE.
 *   Decided after validation and authentication, so a refused or malformed request never holds one.
 */
export default fp<FairSharesOptions>(async function fairShares(fastify, options) {
  const limits = { ...defaultFairShareLimits(fastify.db.kind), ...options.limits };
  const people = new PersonTurns(limits);
  const expensive = createExpensiveTurns(limits);

  // On the root, after the rate limits' hook: a request over its budget never takes a place here.
  fastify.addHook('onRequest', async function personTurn(request, reply) {
    if (request.routeOptions.config?.openStream) return;
    if (limitOwnerOf(request.routeOptions.url ?? '') !== 'user') return;
    const personId = fastify.accessClaimsOf(request)?.sub;
    // No verified token: the route answers 401 without reading anything.
    if (personId === undefined) return;
    await holdTurnUntilClosed((work) => people.take(personId, work), reply);
  });

  fastify.addHook('preHandler', async function expensiveTurn(request, reply) {
    const kind = expensiveClassOf(
      { method: request.method, route: request.routeOptions.url ?? '', query: (request.query ?? {}) as Record<string, unknown> },
      fastify.db.kind,
    );
    if (kind === undefined) return;
    const personId = fastify.accessClaimsOf(request)?.sub;
    // A person's expensive requests one at a time, then the instance's turn.
    await holdTurnUntilClosed((work) => (personId === undefined ? expensive(work) : people.takeExpensive(personId, () => expensive(work))), reply);
  });
});
