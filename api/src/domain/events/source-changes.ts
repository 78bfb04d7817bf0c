/**
 * One read of the change log's new rows for the calls of one publisher × buyer on one New York day: enough for
 * any partner's stream to count only its own (its publishers or buyers, its history day on) without asking the
 * database again. Grouped by the log's reader (domain/changes/change-sources.ts).
 */
export interface SourceChange {
  publisherId: number;
  buyerId: number | null;
  /** The New York day of these calls, YYYY-MM-DD: compared with a partner's historyFrom as the row policy does. */
  day: string;
  /** Calls created. */
  inserted: number;
  /** Changes to calls that existed. */
  updated: number;
  /** The latest call time among them, ISO 8601 in UTC. */
  newest: string;
}
