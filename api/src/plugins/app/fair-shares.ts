import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createExpensiveTurns,
  defaultFairShareLimits,
  expensiveClassOf,
  EXPENSIVE_BUSY_RETRY_AFTER_SECONDS,
  PersonTurns,
  type FairShareLimits,
} from '../../domain/fair-shares/fair-shares';
import { hashPartnerKey, presentedPartnerKey } from '../../domain/partners/partner-keys';
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
/**
 * Whose turns a request takes: the access token's verified subject, or a partner API key's own (its hash:
 * a key reads as its partner does, and one partner's script must not hold more than a person may). A key
 * that turns out to be unknown is answered 401 by authentication, having held its own queue's place only.
 */
function turnOwnerOf(fastify: FastifyInstance, request: FastifyRequest): string | undefined {
  const subject = fastify.accessClaimsOf(request)?.sub;
  if (subject !== undefined) return subject;
  const key = presentedPartnerKey(request.headers);
  return key === undefined ? undefined : `partner-key:${hashPartnerKey(key)}`;
}

export default fp<FairSharesOptions>(async function fairShares(fastify, options) {
  const limits = { ...defaultFairShareLimits(fastify.db.kind), ...options.limits };
  const people = new PersonTurns(limits);
  const expensive = createExpensiveTurns(limits);

  // On the root, after the rate limits' hook: a request over its budget never takes a place here.
  fastify.addHook('onRequest', async function personTurn(request, reply) {
    if (request.routeOptions.config?.openStream) return;
    if (limitOwnerOf(request.routeOptions.url ?? '') !== 'user') return;
    const personId = turnOwnerOf(fastify, request);
    // No verified token or key: the route answers 401 without reading anything.
    if (personId === undefined) return;
    await holdTurnUntilClosed((work) => people.take(personId, work), reply);
  });

  fastify.addHook('preHandler', async function expensiveTurn(request, reply) {
    const kind = expensiveClassOf(
      { method: request.method, route: request.routeOptions.url ?? '', query: (request.query ?? {}) as Record<string, unknown> },
      fastify.db.kind,
    );
    if (kind === undefined) return;
    const personId = turnOwnerOf(fastify, request);
    // Exports keep to their own bounds (domain/export/export-slots.ts: at most half the pool running, a queue,
    // then 429; one at a time per person, else 429 at once): queued here as well, a second export behind a first
    // whose client reads slowly would wait instead of being told, and the slots' queue would never fill.
    if (kind === 'export') return;
    // A person's expensive requests one at a time, then the instance's turn.
    await holdTurnUntilClosed((work) => (personId === undefined ? expensive(work) : people.takeExpensive(personId, () => expensive(work))), reply);
  });
});
