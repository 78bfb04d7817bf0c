/**
 * The one delivery mechanism (docs/delivery.md): every outbound message, email, webhook or Slack,
 * is written as a `deliveries` row and sent by a job on the job runner, with retries on a backoff schedule,
 * strict order per ordering key, pausing of an endpoint that keeps failing, and replay by an admin.
 *
 * Producers (alerts, scheduled reports, outbound events) call `deliverToUser` / `deliverToEndpoint`, passing
 * their transaction when they have one, so what they record and the messages it sends commit together.
 */
import { randomUUID } from 'node:crypto';
import { DELIVERY_MESSAGES } from '@callboard/contract/delivery';
import type { Queryable } from '../../db/database';
import { conflict, notFound } from '../../http/http-error';
import { deliveriesRepository } from './deliveries-repository';
import { absoluteLink, addressOf } from './delivery-settings';
import { queueDueDeliveries, queueSend, sendDelivery, type DeliveryContext } from './delivery-worker';
import { endpointsRepository } from './endpoints-repository';
import { renderEmail, renderSlackBody, renderWebhookBody } from './message-rendering';
import type { OutboundMessage } from './outbound-message';

export type { OutboundMessage } from './outbound-message';

/** The sweep's queue: once a minute, every delivery that is due and has no job (a lost one, a resumed endpoint's). */
export const DELIVERY_SWEEP_QUEUE = 'delivery-sweep';

export interface DeliverOptions {
  /** The caller's transaction: the delivery is written in it, and sent only if it commits. */
  db?: Queryable;
}

export interface DeliveryService {
  /**
   * An email to an active user's address. Returns the delivery's id, or null when the user does not exist or
   * is deactivated (a deactivated account is sent nothing).
   */
  deliverToUser(userId: string, message: OutboundMessage, options?: DeliverOptions): Promise<string | null>;
  /** A webhook or Slack message to an endpoint (404 when there is none). Returns the delivery's id. */
  deliverToEndpoint(endpointId: string, message: OutboundMessage, options?: DeliverOptions): Promise<string>;
  /** Sends a delivery again as a new delivery with the same payload and webhook-id (409 while it is still being tried). */
  replay(deliveryId: string): Promise<string>;
  /** Resumes a paused endpoint and queues what waited (409 when it is not paused). */
  resume(endpointId: string): Promise<void>;
  /** The worker's one attempt (delivery-worker.ts), for the job runner and for tests with their own clock. */
  send(deliveryId: string, now?: Date): ReturnType<typeof sendDelivery>;
  /** The sweep: queues every due delivery. */
  queueDue(now?: Date): Promise<number>;
}

/**
 * A producer's transaction usually commits within this long; its deliveries' first sends wait for it, as a job
 * that ran before the commit would find no row (and leave it to the sweep, up to a minute later).
 */
const AFTER_CALLERS_COMMIT_SECONDS = 2;

/**
 * Queues a delivery's first send. Inside a caller's transaction it is not awaited: on the embedded engine (one
 * connection) the runner's statement waits for that transaction to end, so awaiting it there would never return.
 */
function queueFirstSend(ctx: DeliveryContext, id: string, dueAt: Date, inCallersTransaction: boolean): Promise<void> {
  if (!inCallersTransaction) return queueSend(ctx, id, dueAt);
  void queueSend(ctx, id, dueAt, AFTER_CALLERS_COMMIT_SECONDS);
  return Promise.resolve();
}

export function createDeliveryService(ctx: DeliveryContext): DeliveryService {
  const link = (message: OutboundMessage) => absoluteLink(ctx.settings.publicUrl, message.link);

  return {
    async deliverToUser(userId, message, options = {}) {
      const db = options.db ?? ctx.db;
      const [user] = await db.query<{ email: string; active: boolean }>('SELECT email, active FROM users WHERE id = $1', [userId]);
      if (!user?.active) return null;
      const id = randomUUID();
      const dueAt = new Date();
      const email = await renderEmail({ id, from: ctx.settings.mailFrom, to: user.email, message, link: link(message), date: dueAt });
      await deliveriesRepository.insert(db, {
        id,
        channel: 'email',
        endpointId: null,
        recipientUserId: userId,
        address: user.email,
        source: message.source,
        subject: message.subject,
        payload: JSON.stringify(email),
        messageId: `${id}@${addressOf(ctx.settings.mailFrom).split('@')[1] ?? 'localhost'}`,
        orderingKey: message.orderingKey ?? null,
        dueAt,
      });
      await queueFirstSend(ctx, id, dueAt, options.db !== undefined);
      return id;
    },

    async deliverToEndpoint(endpointId, message, options = {}) {
      const db = options.db ?? ctx.db;
      const kind = await endpointsRepository.kindOf(db, endpointId);
      if (!kind) throw notFound(DELIVERY_MESSAGES.endpointNotFound);
      const id = randomUUID();
      const dueAt = new Date();
      const absolute = link(message);
      await deliveriesRepository.insert(db, {
        id,
        channel: kind,
        endpointId,
        recipientUserId: null,
        address: null,
        source: message.source,
        subject: message.subject,
        payload: kind === 'webhook' ? renderWebhookBody(message, absolute, dueAt) : renderSlackBody(message, absolute),
        // Standard Webhooks' ids are opaque strings; `msg_` as its examples have them.
        messageId: `msg_${id.replace(/-/g, '')}`,
        orderingKey: message.orderingKey ?? null,
        dueAt,
      });
      await queueFirstSend(ctx, id, dueAt, options.db !== undefined);
      return id;
    },

    async replay(deliveryId) {
      const original = await deliveriesRepository.findForReplay(ctx.db, deliveryId);
      if (!original) throw notFound(DELIVERY_MESSAGES.deliveryNotFound);
      if (original.status === 'pending' || original.status === 'retrying') throw conflict(DELIVERY_MESSAGES.stillDelivering);
      if (original.channel !== 'email' && original.endpoint_id === null) throw conflict(DELIVERY_MESSAGES.endpointGone);
      // An email goes again only to whom it went: an account deactivated or deleted since is sent nothing (as
      // deliverToUser sends it nothing), and an address its owner has since left is no longer theirs.
      if (original.channel === 'email' && !(await deliveriesRepository.recipientStillAt(ctx.db, original.recipient_user_id, original.address))) {
        throw conflict(DELIVERY_MESSAGES.recipientGone);
      }
      const id = randomUUID();
      const dueAt = new Date();
      await deliveriesRepository.insert(ctx.db, {
        id,
        channel: original.channel,
        endpointId: original.endpoint_id,
        recipientUserId: original.recipient_user_id,
        address: original.address,
        source: { kind: original.source_kind, id: original.source_id },
        subject: original.subject,
        payload: original.payload,
        messageId: original.message_id,
        orderingKey: original.ordering_key,
        replayOf: original.id,
        dueAt,
      });
      await queueSend(ctx, id, dueAt);
      return id;
    },

    async resume(endpointId) {
      const now = new Date();
      const resumed = await ctx.db.transaction(async (tx) => {
        if (!(await endpointsRepository.resume(tx, endpointId))) return false;
        await deliveriesRepository.makeDue(tx, endpointId, now);
        return true;
      });
      if (!resumed) {
        if (!(await endpointsRepository.kindOf(ctx.db, endpointId))) throw notFound(DELIVERY_MESSAGES.endpointNotFound);
        throw conflict(DELIVERY_MESSAGES.notPaused);
      }
      await queueDueDeliveries(ctx, now, endpointId);
    },

    send: (deliveryId, now) => sendDelivery(ctx, deliveryId, now),
    queueDue: (now) => queueDueDeliveries(ctx, now),
  };
}
