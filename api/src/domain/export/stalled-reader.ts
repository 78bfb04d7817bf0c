import type { ServerResponse } from 'node:http';

/**
 * A download whose client has stopped reading for this long is given up: an
 * export holds a database connection (PostgreSQL's COPY) or its turn among
 * the export slots for as long as it runs, and a client that never reads
 * would hold it for ever. A slow reader that still takes some bytes now and
 * then is not stopped: only a wait with the response's buffer full and no
 * 'drain' in between counts.
 */
export const STALLED_READER_MS = 60_000;

/**
 * Calls `onStalled` once if `response` keeps its write buffer full (Node's
 * `writableNeedDrain`) with no 'drain' for `stallMs`. Stops watching when the
 * response closes or the returned function is called.
 */
export function watchStalledReader(response: ServerResponse, stallMs: number, onStalled: () => void): () => void {
  // When the buffer was last seen full after a drain; undefined while the client keeps up.
  let fullSince: number | undefined;
  const drained = () => {
    fullSince = undefined;
  };
  // A few looks per threshold, at most one a second: cheap, and late by a quarter of it at the most.
  const period = Math.min(1000, Math.max(5, stallMs / 4));
  let lastLook = performance.now();
  const check = () => {
    const now = performance.now();
    const late = now - lastLook > 2 * period;
    lastLook = now;
    if (!response.writableNeedDrain) {
      fullSince = undefined;
      return;
    }
    // A look that comes late comes after this thread was held up (a long synchronous step; PGlite's
    // queries run on it): timers run before pending I/O, so a 'drain' may be waiting behind this look,
    // unseen. The wait starts over rather than count time in which no drain could have been heard.
    if (late) {
      fullSince = now;
      return;
    }
    fullSince ??= now;
    if (now - fullSince >= stallMs) {
      stop();
      onStalled();
    }
  };
  const timer = setInterval(check, period);
  timer.unref();
  const stop = () => {
    clearInterval(timer);
    response.off('drain', drained).off('close', stop);
  };
  response.on('drain', drained).once('close', stop);
  return stop;
}
