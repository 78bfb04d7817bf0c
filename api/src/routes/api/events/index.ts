import { PassThrough } from 'node:stream';
import { CALLS_CHANGED_EVENT, TOO_MANY_EVENT_STREAMS_MESSAGE } from '@callboard/contract';
import { NOTIFICATION_EVENT } from '@callboard/contract/notifications';
import type { FastifyInstance } from 'fastify';
import { HttpError, tooManyRequests } from '../../../http/http-error';
import { createCoalescer } from '../../../domain/events/change-coalescer';
import { sseComment, sseEvent } from '../../../domain/events/sse-format';
import { liveHolder, rowScopeFingerprint, scopeFingerprint, type StreamHolder } from '../../../domain/events/stream-holder';
import { changeSeenBy } from '../../../domain/events/stream-view';
import { currentPartnerScope, outsideRequestScope } from '../../../domain/partners/request-scope';
import { bearer } from '../schemas';

/** A comment this often keeps proxies and load balancers (idle timeouts of 30–60 s are common) from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;

/** How soon a client refused a stream (its user or this instance at the cap) should try again. */
const STREAM_REFUSED_RETRY_SECONDS = 30;

export interface EventRouteOptions {
  /** Lowered by tests only. */
  heartbeatMs?: number;
}

/**
 * GET /api/events: a Server-Sent Events stream of changes to the calls, and
 * of the holder's own new notifications, for as long as the access token
 * lasts. Then it ends, and the client opens a new one with its refreshed
 * token, so a stream is never worth more than a token.
 */
export default async function eventRoutes(fastify: FastifyInstance, options: EventRouteOptions): Promise<void> {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  fastify.addHook('onRequest', fastify.authenticate);

  fastify.get(
    '',
    {
      // Open for minutes: exports must not wait for it to end (export-pacing.ts). A partner's stream
      // tells of its own calls only (domain/events/stream-view.ts).
      config: { openStream: true, partner: 'scoped' },
      schema: {
        tags: ['events'],
        summary: 'A Server-Sent Events stream: `event: calls` whenever calls are delivered or change, `event: notification` with each new notification of yours',
        security: bearer,
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const admission = fastify.eventStreams.admit(request.currentUser!.id, () => end());
      if (!admission.admitted) {
        if (admission.full === 'user') throw tooManyRequests(TOO_MANY_EVENT_STREAMS_MESSAGE, STREAM_REFUSED_RETRY_SECONDS);
        throw new HttpError(503, 'UNAVAILABLE', 'This server has as many live connections as it takes; the screens poll meanwhile', undefined, {
          'retry-after': String(STREAM_REFUSED_RETRY_SECONDS),
        });
      }

      const { release } = admission;
      const stream = new PassThrough();
      let ended = false;
      const coalescer = createCoalescer((change) => stream.write(sseEvent(CALLS_CHANGED_EVENT, change)));
      const scope = currentPartnerScope();
      const unsubscribe = fastify.callsChanges.subscribe((notice) => {
        const change = changeSeenBy(notice, scope);
        if (change) coalescer.add(change);
      });
      // The account's own notifications, each as it is made (not coalesced: each is one the person is told of).
      // During a view as a partner the account is the partner's, as GET /api/notifications answers it.
      const unsubscribeNotifications = fastify.notificationFeed.subscribe(request.currentUser!.id, (notification) =>
        stream.write(sseEvent(NOTIFICATION_EVENT, notification)),
      );
      // The claims authentication verified for this request; exp is the standard claim jwt.sign added.
      const claims = fastify.accessClaimsOf(request);
      const holder: StreamHolder = {
        userId: request.currentUser!.id,
        sessionId: request.sessionId!,
        ...(claims?.vas && claims.vlog ? { viewAs: { adminId: claims.sub, logId: claims.vlog } } : {}),
      };
      const scopeAtStart = scopeFingerprint(request.currentUser!.partnerScope);
      // Each heartbeat also checks the session again, as every request does: a logout, a deactivation, a
      // deleted account or the end of a view as a partner ends the stream within one beat, not only when the
      // token expires; so does a partner account's scope changing (the client opens a new stream, which gets
      // the new scope). The check is the network's own statement: behind a partner's wall the scopes are not
      // readable (migration 0025).
      const heartbeat = setInterval(() => {
        stream.write(sseComment('ping'));
        outsideRequestScope(() => liveHolder(fastify.db, holder)).then(
          (user) => {
            if (!user || rowScopeFingerprint(user) !== scopeAtStart) end();
          },
          // The database not answering is an outage, not a sign-out: the stream stays.
          () => {},
        );
      }, heartbeatMs);
      const { exp } = (claims ?? {}) as { exp?: number };
      const expiry = exp === undefined ? undefined : setTimeout(() => end(), Math.max(exp * 1000 - Date.now(), 0));

      function end() {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe();
        unsubscribeNotifications();
        coalescer.stop();
        release();
        stream.end();
      }
      // The client went away (or the response ended): stop serving it.
      reply.raw.once('close', end);

      // The first bytes go out at once, so the client knows the stream is open before any change.
      stream.write(sseComment('connected'));
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        // nginx buffers responses by default, which would hold events back until its buffer filled.
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
}
