/**
 * Sends one delivery, once: claims it (delivery-repository's CLAIMABLE: due, its endpoint not paused, nothing
 * before it in its ordering key), tries its channel, and records the attempt and what follows in one
 * transaction: sent; retried after the next wait of the schedule; or finally failed, which counts toward
 * pausing its endpoint. The job runner triggers it (delivery-service.ts); tests call it with their own clock.
 */
import { endpointScreenLink } from '@callboard/contract/delivery';
import type { Database, Queryable } from '../../db/database';
import type { AttemptOutcome } from './attempt-outcome';
import { deliveriesRepository, type ClaimedDelivery } from './deliveries-repository';
import type { DeliverySettings } from './delivery-settings';
import type { EmailSender } from './email-sender';
import { endpointsRepository } from './endpoints-repository';
import { postJson } from './http-post';
import type { RenderedEmail } from './message-rendering';
import { signedHeaders } from './webhook-signing';

/** The queue every delivery's job goes to: `{ deliveryId }`. */
export const DELIVERY_SEND_QUEUE = 'delivery-send';

/** The part of the job runner (domain/jobs/job-runner.ts) the delivery mechanism uses. */
export interface DeliveryJobs {
  send(queue: string, data: object, options?: { singletonKey?: string; startAfterSeconds?: number; retryLimit?: number; retryDelaySeconds?: number; retryBackoff?: boolean }): Promise<string | null>;
}

/** A notification as notify() (domain/notifications/notifications.ts) takes it; the delivery mechanism only makes `endpoint.paused`. */
export interface PauseNotification {
  userId: string;
  kind: 'endpoint.paused';
  title: string;
  body: string;
  link: string;
}

export interface DeliveryContext {
  /** The server's own database (never a partner's walled one: partners have no access to these tables). */
  db: Database;
  jobs: DeliveryJobs;
  settings: DeliverySettings;
  email: EmailSender;
  /** notify() of the notification centre, in the transaction that pauses the endpoint. */
  notify: (db: Queryable, notifications: readonly PauseNotification[]) => Promise<void>;
  /** Where a job that could not be queued is told (the sweep sends it later). */
  warn: (details: object, message: string) => void;
}

/**
 * A sender holds a delivery this long: longer than any attempt takes (the 10 s HTTP limit, SMTP's own), so a
 * lease still running means a worker is at it; a worker that died leaves it to expire and the sweep to retry.
 */
const LEASE_MS = 2 * 60_000;

/**
 * One waiting job per delivery and due time: the sweep, a resume or the end of the delivery before it in order
 * asking again for a time that already has its job is refused (the runner's singletonKey), while a delivery
 * made due earlier than its waiting job (a resumed endpoint's next retry, an hour off) gets a job for now.
 */
const sendKey = (deliveryId: string, dueAt: Date) => `${deliveryId}@${dueAt.toISOString()}`;

/**
 * Queues the send of a delivery due at `dueAt` (its next_attempt_at), to start after `delaySeconds`. A failure
 * to queue is logged, not thrown: the sweep finds what is due.
 */
export async function queueSend(ctx: DeliveryContext, deliveryId: string, dueAt: Date, delaySeconds = 0): Promise<void> {
  try {
    await ctx.jobs.send(DELIVERY_SEND_QUEUE, { deliveryId }, { startAfterSeconds: delaySeconds, singletonKey: sendKey(deliveryId, dueAt) });
  } catch (error) {
    ctx.warn({ err: error, deliveryId }, 'delivery: could not queue a send; the sweep will');
  }
}

async function attempt(ctx: DeliveryContext, delivery: ClaimedDelivery): Promise<AttemptOutcome | { gone: string }> {
  if (delivery.channel === 'email') return ctx.email.send(delivery.id, JSON.parse(delivery.payload) as RenderedEmail);
  const target = delivery.endpoint_id ? await endpointsRepository.target(ctx.db, delivery.endpoint_id) : undefined;
  if (!target) return { gone: 'The endpoint was deleted' };
  // Signed with this attempt's time: receivers refuse a timestamp far from their clock.
  const headers = target.kind === 'webhook' && target.secret ? signedHeaders(target.secret, delivery.message_id, delivery.payload, new Date()) : {};
  return postJson(target.url, delivery.payload, headers, ctx.settings.sendTimeoutMs);
}

/**
 * `missing`: no such delivery, or not yet: the producer's transaction that writes it has not committed (the sweep
 * sends it once it has). `lease-lost`: the attempt outlasted its lease and another worker took the delivery over;
 * that worker records what follows, and this attempt's outcome only goes to the log.
 */
export type SendResult = 'sent' | 'retrying' | 'failed' | 'not-now' | 'missing' | 'lease-lost';

/** Tries delivery `id` at `now` (the clock the schedule is computed from). */
export async function sendDelivery(ctx: DeliveryContext, id: string, now: Date = new Date()): Promise<SendResult> {
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const claimed = await deliveriesRepository.claim(ctx.db, id, now, leaseUntil);
  if (claimed === 'missing' || claimed === 'not-now') return claimed;

  const started = performance.now();
  // Whatever goes wrong in the attempt (the outbox's disk, a payload that does not parse) is the attempt's failure, logged and retried like a refusal.
  const outcome = await attempt(ctx, claimed).catch((error: unknown): AttemptOutcome => ({ sent: false, statusCode: null, error: error instanceof Error ? error.message : String(error) }));
  const durationMs = performance.now() - started;

  const schedule = ctx.settings.retryScheduleSeconds;
  const retryAfterSeconds = schedule[claimed.attempts] ?? 0;
  const retryAt = new Date(now.getTime() + retryAfterSeconds * 1000);
  const result = await ctx.db.transaction(async (tx): Promise<SendResult> => {
    // Recorded only while this attempt's lease holds: after it ran out, a second worker may have sent it and
    // recorded 'sent', which a late failure here must not turn back into a retry (a third send).
    if (!(await deliveriesRepository.stillHeld(tx, id, leaseUntil))) return 'lease-lost';
    if ('gone' in outcome) {
      await deliveriesRepository.failWithoutAttempt(tx, id, outcome.gone);
      return 'failed';
    }
    const attemptRow = { ...outcome, attemptedAt: now, durationMs };
    if (outcome.sent) {
      await deliveriesRepository.recordAttempt(tx, id, attemptRow, { status: 'sent' });
      if (claimed.endpoint_id) await tx.query('UPDATE delivery_endpoints SET consecutive_failures = 0 WHERE id = $1 AND consecutive_failures <> 0', [claimed.endpoint_id]);
      return 'sent';
    }
    // The schedule has a wait before each retry: attempts past its length are the last.
    if (claimed.attempts < schedule.length) {
      await deliveriesRepository.recordAttempt(tx, id, attemptRow, { status: 'retrying', nextAttemptAt: retryAt });
      return 'retrying';
    }
    await deliveriesRepository.recordAttempt(tx, id, attemptRow, { status: 'failed' });
    if (claimed.endpoint_id) await countFailure(ctx, tx, claimed.endpoint_id, outcome.error ?? 'failed', now);
    return 'failed';
  });

  if (result === 'lease-lost') ctx.warn({ deliveryId: id, outcome, durationMs }, 'delivery: an attempt outlasted its lease; the worker that took the delivery over records what follows');
  // After the commit: on the embedded engine a job queued inside the transaction would wait for it to end.
  if (result === 'retrying') await queueSend(ctx, id, retryAt, retryAfterSeconds);
  if ((result === 'sent' || result === 'failed') && claimed.endpoint_id && claimed.ordering_key !== null) {
    const next = await deliveriesRepository.nextInOrder(ctx.db, claimed.endpoint_id, claimed.ordering_key);
    if (next) await queueSend(ctx, next.id, next.dueAt);
  }
  return result;
}

/**
 * One more delivery of this endpoint finally failed; at the limit, the endpoint is paused and its owner told
 * (every active admin, once the owner's account is gone), in the same transaction.
 */
async function countFailure(ctx: DeliveryContext, tx: Queryable, endpointId: string, lastError: string, now: Date): Promise<void> {
  const [endpoint] = await tx.query<{ name: string; owner_id: string | null; consecutive_failures: number; paused_at: Date | null }>(
    'SELECT name, owner_id, consecutive_failures, paused_at FROM delivery_endpoints WHERE id = $1 FOR UPDATE',
    [endpointId],
  );
  if (!endpoint) return;
  const failures = endpoint.consecutive_failures + 1;
  const pausing = endpoint.paused_at === null && failures >= ctx.settings.pauseAfterFailures;
  const reason = `${failures} deliveries in a row failed; the last: ${lastError}`;
  await tx.query(
    `UPDATE delivery_endpoints SET consecutive_failures = $2, paused_at = CASE WHEN $3 THEN $4::timestamptz ELSE paused_at END,
        pause_reason = CASE WHEN $3 THEN $5 ELSE pause_reason END, updated_at = CASE WHEN $3 THEN now() ELSE updated_at END
      WHERE id = $1`,
    [endpointId, failures, pausing, now, reason],
  );
  if (!pausing) return;
  const told = endpoint.owner_id
    ? [endpoint.owner_id]
    : (await tx.query<{ id: string }>("SELECT id FROM users WHERE role = 'admin' AND active ORDER BY created_at")).map((row) => row.id);
  await ctx.notify(
    tx,
    told.map((userId) => ({
      userId,
      kind: 'endpoint.paused',
      title: `Endpoint paused: ${endpoint.name}`,
      body: `Nothing more is sent to ${endpoint.name} until an admin resumes it; new messages wait. ${reason}`,
      link: endpointScreenLink(endpointId),
    })),
  );
}

/** Queues a send for each delivery due at `now` (of one endpoint, when given): what a lost job or a resume leaves waiting. */
export async function queueDueDeliveries(ctx: DeliveryContext, now: Date = new Date(), endpointId?: string): Promise<number> {
  const due = await deliveriesRepository.dueWithTimes(ctx.db, now, 500, endpointId);
  for (const { id, dueAt } of due) await queueSend(ctx, id, dueAt);
  return due.length;
}
