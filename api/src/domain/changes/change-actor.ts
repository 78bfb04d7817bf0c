/**
 * Who made a change, as the change log keeps it (`call_changes.actor`, contract/src/changes.ts `actor`): a kind
 * and an id, so one text column says it for people, keys and connectors alike.
 */

/** A person (a user id). */
export const userActor = (userId: string): string => `user:${userId}`;

/** The environment's INGEST_API_KEY, which has no id of its own. */
export const ENVIRONMENT_KEY_ACTOR = 'ingest-key:environment';

/** An ingest key an admin made (its id). */
export const ingestKeyActor = (keyId: string): string => `ingest-key:${keyId}`;

/** An inbound connector (its id). */
export const connectorActor = (connectorId: string): string => `connector:${connectorId}`;
