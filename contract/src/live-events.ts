/**
 * GET /api/events (docs/api.md, "Live events"): a Server-Sent Events stream
 * that tells every signed-in screen when the calls have changed, so it can
 * fetch again instead of polling on a timer.
 */

/** The SSE `event:` name of a change to the calls. */
export const CALLS_CHANGED_EVENT = 'calls';

/**
 * The `data:` of a `calls` event, as JSON: what changed since the previous
 * event on this stream. Several writes close together arrive as one event
 * (the counts summed, the newest time kept).
 */
export interface CallsChanged {
  /** Calls that did not exist before. */
  inserted: number;
  /** Existing calls that changed: delivered again, given a QC verdict or re-dispositioned. */
  updated: number;
  /** The latest call time (ISO 8601, UTC) among the calls written, or null when none is known. */
  newestCallTimestamp: string | null;
}

/** Open streams one person may hold at once: one per browser tab is the norm. */
export const EVENT_STREAMS_PER_USER = 5;

export const TOO_MANY_EVENT_STREAMS_MESSAGE = `You have ${EVENT_STREAMS_PER_USER} live connections open already: close another Callboard tab to get live updates here`;
