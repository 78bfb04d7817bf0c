/**
 * event_subscriptions (migration 0039): which webhook endpoints are told of which events. The routes read and
 * write them here; the dispatcher reads the ones it matches against once per batch.
 */
import type { EventSubscription, EventSubscriptionBody, OutboundEventType } from '@callboard/contract/event-subscriptions';
import type { Queryable } from '../../db/database';

interface SubscriptionRow {
  id: string;
  name: string;
  endpoint_id: string;
  endpoint_name: string;
  endpoint_paused: boolean;
  event_types: OutboundEventType[];
  campaign_ids: number[];
  publisher_ids: number[];
  buyer_ids: number[];
  disposition_becomes: string | null;
  enabled: boolean;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A subscription as the dispatcher matches events against it. */
export interface DispatchedSubscription {
  id: string;
  endpointId: string;
  eventTypes: ReadonlySet<OutboundEventType>;
  campaignIds: ReadonlySet<number>;
  publisherIds: ReadonlySet<number>;
  buyerIds: ReadonlySet<number>;
  dispositionBecomes: string | null;
  /** Only changes after this seq, and alert transitions after this id, are its (made or enabled then). */
  startsAfterSeq: number;
  startsAfterTransition: number;
  /** Disabled: only changes up to this seq, and transitions up to this id, are its (logged before it was disabled). */
  stopsAfterSeq: number | null;
  stopsAfterTransition: number | null;
}

/** Whether a change of seq `seq` was logged while the subscription was enabled. */
export const heardChange = (s: DispatchedSubscription, seq: number) => seq > s.startsAfterSeq && (s.stopsAfterSeq === null || seq <= s.stopsAfterSeq);
/** Whether an alert transition of id `id` was recorded while the subscription was enabled. */
export const heardTransition = (s: DispatchedSubscription, id: number) =>
  id > s.startsAfterTransition && (s.stopsAfterTransition === null || id <= s.stopsAfterTransition);

const iso = (d: Date) => new Date(d).toISOString();
const ids = (values: readonly (number | string)[]) => values.map(Number);

const toSubscription = (row: SubscriptionRow): EventSubscription => ({
  id: row.id,
  name: row.name,
  endpoint: { id: row.endpoint_id, name: row.endpoint_name, paused: row.endpoint_paused },
  eventTypes: row.event_types,
  campaignIds: ids(row.campaign_ids),
  publisherIds: ids(row.publisher_ids),
  buyerIds: ids(row.buyer_ids),
  dispositionBecomes: row.disposition_becomes,
  enabled: row.enabled,
  createdBy: row.created_by ? { id: row.created_by, name: row.created_by_name ?? '' } : null,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

const SELECT = `SELECT s.id, s.name, s.endpoint_id, e.name AS endpoint_name, e.paused_at IS NOT NULL AS endpoint_paused, s.event_types,
    s.campaign_ids, s.publisher_ids, s.buyer_ids, s.disposition_becomes, s.enabled, s.created_by, s.created_by_name, s.created_at, s.updated_at
  FROM event_subscriptions s JOIN delivery_endpoints e ON e.id = s.endpoint_id`;

/** Where the change log and the alert transitions are now: a subscription made (or enabled) now starts after them. */
const STARTS_AFTER_NOW = {
  seq: '(SELECT coalesce(max(seq), 0) FROM call_changes)',
  transition: '(SELECT coalesce(max(id), 0) FROM alert_transitions)',
};

const bodyValues = (body: EventSubscriptionBody) => [
  body.name,
  body.endpointId,
  body.eventTypes,
  body.campaignIds,
  body.publisherIds,
  body.buyerIds,
  body.dispositionBecomes,
  body.enabled,
];

export const subscriptionsRepository = {
  async list(db: Queryable): Promise<EventSubscription[]> {
    return (await db.query<SubscriptionRow>(`${SELECT} ORDER BY lower(s.name), s.id`)).map(toSubscription);
  },

  async find(db: Queryable, id: string): Promise<EventSubscription | undefined> {
    const [row] = await db.query<SubscriptionRow>(`${SELECT} WHERE s.id = $1`, [id]);
    return row && toSubscription(row);
  },

  async create(db: Queryable, body: EventSubscriptionBody, author: { id: string; name: string }): Promise<string> {
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO event_subscriptions (name, endpoint_id, event_types, campaign_ids, publisher_ids, buyer_ids, disposition_becomes, enabled,
          created_by, created_by_name, starts_after_seq, starts_after_transition)
        VALUES ($1, $2, $3::text[], $4::int[], $5::int[], $6::int[], $7, $8, $9, $10, ${STARTS_AFTER_NOW.seq}, ${STARTS_AFTER_NOW.transition})
        RETURNING id`,
      [...bodyValues(body), author.id, author.name],
    );
    return row!.id;
  },

  /**
   * Replaces a subscription's fields. Enabling a disabled one starts it after what is logged now; disabling one
   * stops it there (what was logged before is still dispatched to it). False when there is none.
   */
  async update(db: Queryable, id: string, body: EventSubscriptionBody): Promise<boolean> {
    const rows = await db.query(
      `UPDATE event_subscriptions SET name = $2, endpoint_id = $3, event_types = $4::text[], campaign_ids = $5::int[], publisher_ids = $6::int[],
          buyer_ids = $7::int[], disposition_becomes = $8, enabled = $9, updated_at = now(),
          starts_after_seq = CASE WHEN $9 AND NOT enabled THEN ${STARTS_AFTER_NOW.seq} ELSE starts_after_seq END,
          starts_after_transition = CASE WHEN $9 AND NOT enabled THEN ${STARTS_AFTER_NOW.transition} ELSE starts_after_transition END,
          stops_after_seq = CASE WHEN $9 THEN NULL WHEN enabled THEN ${STARTS_AFTER_NOW.seq} ELSE stops_after_seq END,
          stops_after_transition = CASE WHEN $9 THEN NULL WHEN enabled THEN ${STARTS_AFTER_NOW.transition} ELSE stops_after_transition END
        WHERE id = $1 RETURNING id`,
      [id, ...bodyValues(body)],
    );
    return rows.length > 0;
  },

  async delete(db: Queryable, id: string): Promise<boolean> {
    return (await db.query('DELETE FROM event_subscriptions WHERE id = $1 RETURNING id', [id])).length > 0;
  },

  /**
   * The subscriptions the dispatcher matches what follows the cursor against: the enabled ones, and those
   * disabled after the cursor's place (what was logged before they were disabled is still theirs).
   */
  async forDispatch(db: Queryable, after: { seq: number; transition: number }): Promise<DispatchedSubscription[]> {
    const rows = await db.query<{
      id: string;
      endpoint_id: string;
      event_types: OutboundEventType[];
      campaign_ids: number[];
      publisher_ids: number[];
      buyer_ids: number[];
      disposition_becomes: string | null;
      starts_after_seq: string;
      starts_after_transition: string;
      stops_after_seq: string | null;
      stops_after_transition: string | null;
    }>(
      `SELECT id, endpoint_id, event_types, campaign_ids, publisher_ids, buyer_ids, disposition_becomes,
          starts_after_seq::text AS starts_after_seq, starts_after_transition::text AS starts_after_transition,
          stops_after_seq::text AS stops_after_seq, stops_after_transition::text AS stops_after_transition
        FROM event_subscriptions WHERE enabled OR stops_after_seq > $1 OR stops_after_transition > $2 ORDER BY created_at, id`,
      [after.seq, after.transition],
    );
    return rows.map((row) => ({
      id: row.id,
      endpointId: row.endpoint_id,
      eventTypes: new Set(row.event_types),
      campaignIds: new Set(ids(row.campaign_ids)),
      publisherIds: new Set(ids(row.publisher_ids)),
      buyerIds: new Set(ids(row.buyer_ids)),
      dispositionBecomes: row.disposition_becomes,
      startsAfterSeq: Number(row.starts_after_seq),
      startsAfterTransition: Number(row.starts_after_transition),
      stopsAfterSeq: row.stops_after_seq === null ? null : Number(row.stops_after_seq),
      stopsAfterTransition: row.stops_after_transition === null ? null : Number(row.stops_after_transition),
    }));
  },
};
