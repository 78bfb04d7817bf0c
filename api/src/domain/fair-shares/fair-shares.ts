import { API_PATHS } from '@callboard/contract';
import type { DatabaseKind } from '../../db/database';
import { POOL_MAX_CONNECTIONS } from '../../db/postgres-database';
import { tooManyConcurrent, unavailable } from '../../http/http-error';
import { createBoundedTurns, type Turns } from '../bounded-turns';

/**
 * Fair shares of the database (docs/decisions/0036-fair-shares.md): no one person, and no one kind of
 * long read, can hold every connection (or, on the embedded engine, the one thread) while the others wait.
 */
export interface FairShareLimits {
  /** A signed-in person's requests running at once on this instance. */
  personRunning: number;
  /** A person's requests waiting for one of their running places; one more is refused (429 TOO_MANY_CONCURRENT). */
  personWaiting: number;
  /** Of a person's running requests, how many may be expensive at once; the others wait for it, holding their places. */
  personExpensiveRunning: number;
  /** Expensive requests (ExpensiveClass) running at once on this instance, whoever sends them. */
  expensiveRunning: number;
  /** Expensive requests waiting for a turn; one more is refused (503 UNAVAILABLE). */
  expensiveWaiting: number;
}

/** Four at once: a Reporting refresh sends seven requests, three of them wait a few milliseconds for a place. */
export const PERSON_RUNNING_AT_ONCE = 4;
/** Room for a whole refresh (seven) beside one long request, so a normal refresh is never refused. */
export const PERSON_WAITING_AT_ONCE = 8;
/**
 * One expensive request of a person's at a time. A year-long search of a common word keeps a core busy
 * for seconds (PostgreSQL may give it parallel workers too): four of one person's at once took both cores
 * of the bench machine, and everyone's p95 went from tens of milliseconds to seconds (decision 0036).
 */
export const PERSON_EXPENSIVE_AT_ONCE = 1;
/** A person's own requests usually end within a second; the longest are cut at the 5 s statement limit. */
export const PERSON_BUSY_RETRY_AFTER_SECONDS = 2;
/** About one expensive read's length at its worst (PostgreSQL cuts a statement at 5 s). */
export const EXPENSIVE_BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * Offset pages that skip at least this many rows are expensive: the database reads every row it skips
 * (page 401 and on at 25 a page). A cursor reads only its page, however deep (decision 0030).
 */
export const DEEP_PAGE_OFFSET_ROWS = 10_000;

/**
 * PostgreSQL: expensive requests hold at most half the pool, so the other half always serves everyone
 * else. PGlite runs every statement on the server's one thread: expensive reads run one at a time, and
 * the other requests' statements take their turns between them (its queue is first come, first served).
 */
export function defaultFairShareLimits(kind: DatabaseKind, poolSize = POOL_MAX_CONNECTIONS): FairShareLimits {
  const expensiveRunning = kind === 'postgres' ? Math.max(1, Math.floor(poolSize / 2)) : 1;
  return {
    personRunning: PERSON_RUNNING_AT_ONCE,
    personWaiting: PERSON_WAITING_AT_ONCE,
    personExpensiveRunning: PERSON_EXPENSIVE_AT_ONCE,
    expensiveRunning,
    // One person fills at most one of these places at a time (PERSON_EXPENSIVE_AT_ONCE): others find room to wait.
    expensiveWaiting: Math.max(expensiveRunning, 2 * PERSON_RUNNING_AT_ONCE),
  };
}

/** The requests that can hold a connection (or the embedded engine's thread) for seconds. */
export type ExpensiveClass = 'transcript search' | 'scorecard' | 'export' | 'deep page';

/** A request as routed: its method, its route's path as registered, and its query string as parsed. */
export interface RoutedRequest {
  method: string;
  route: string;
  query: Record<string, unknown>;
}

const ONE_CALL_ROUTE = `${API_PATHS.records}/:id`;
const SCORECARD_ROUTES = new Set<string>([API_PATHS.scorecard, API_PATHS.scorecardExport]);

function positiveInteger(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/**
 * Which expensive class a request belongs to, if any. An export counts only on PostgreSQL, where its
 * COPY holds one pooled connection for its whole length; on PGlite it runs batch by batch and gives
 * way to other requests between them (plugins/app/export-pacing.ts), so it never holds the thread long.
 */
export function expensiveClassOf({ method, route, query }: RoutedRequest, kind: DatabaseKind): ExpensiveClass | undefined {
  if (route === API_PATHS.callsExport) return kind === 'postgres' ? 'export' : undefined;
  if (SCORECARD_ROUTES.has(route)) return 'scorecard';
  // One call's detail with q only looks for the words in that call.
  const q = query.q;
  if (typeof q === 'string' && q.trim() !== '' && route !== ONE_CALL_ROUTE && route.startsWith('/api/')) return 'transcript search';
  if (method === 'GET' && route === API_PATHS.records && query.cursor === undefined) {
    const page = positiveInteger(query.page, 1);
    const limit = positiveInteger(query.limit, 25);
    if ((page - 1) * limit >= DEEP_PAGE_OFFSET_ROWS) return 'deep page';
  }
  return undefined;
}

/**
 * Each signed-in person's own bounded queue on this instance (the one bounded queue, bounded-turns.ts):
 * at most `personRunning` of their requests run, `personWaiting` more wait, and any beyond are refused
 * with 429 TOO_MANY_CONCURRENT and Retry-After before any work is done. A person's queue is forgotten
 * once none of their requests is in it.
 */
export class PersonTurns {
  private readonly people = new Map<string, { turns: Turns; expensive: Turns; holding: number }>();

  constructor(private readonly limits: Pick<FairShareLimits, 'personRunning' | 'personWaiting' | 'personExpensiveRunning'>) {}

  /** People with a request running or waiting now. */
  get size(): number {
    return this.people.size;
  }

  /** One of the person's requests, in their queue. */
  take<T>(personId: string, work: () => Promise<T>): Promise<T> {
    return this.hold(personId, (entry) => entry.turns(work));
  }

  /**
   * One of the person's expensive requests, already holding a running place (take), in their queue of
   * expensive ones: at most `personExpensiveRunning` at once, the rest wait (never more than their
   * running places, so none is refused here).
   */
  takeExpensive<T>(personId: string, work: () => Promise<T>): Promise<T> {
    return this.hold(personId, (entry) => entry.expensive(work));
  }

  private hold<T>(personId: string, use: (entry: { turns: Turns; expensive: Turns }) => Promise<T>): Promise<T> {
    let entry = this.people.get(personId);
    if (!entry) {
      const { personRunning, personWaiting, personExpensiveRunning } = this.limits;
      const refusal = () =>
        tooManyConcurrent(
          `You already have ${personRunning + personWaiting} requests in progress on this server (${personRunning} running, ${personWaiting} waiting), ` +
            `the most one person may; try again in ${PERSON_BUSY_RETRY_AFTER_SECONDS} seconds`,
          PERSON_BUSY_RETRY_AFTER_SECONDS,
        );
      entry = {
        turns: createBoundedTurns(personRunning, personWaiting, refusal),
        expensive: createBoundedTurns(personExpensiveRunning, personRunning + personWaiting, refusal),
        holding: 0,
      };
      this.people.set(personId, entry);
    }
    const held = entry;
    held.holding += 1;
    return use(held).finally(() => {
      held.holding -= 1;
      if (held.holding === 0 && this.people.get(personId) === held) this.people.delete(personId);
    });
  }
}

/** This instance's turns for expensive requests, whoever sends them: 503 UNAVAILABLE with Retry-After past the waiting places. */
export function createExpensiveTurns(limits: Pick<FairShareLimits, 'expensiveRunning' | 'expensiveWaiting'>): Turns {
  const { expensiveRunning: running } = limits;
  return createBoundedTurns(running, limits.expensiveWaiting, () =>
    unavailable(
      `The server is already running ${running} long request${running === 1 ? '' : 's'} (transcript searches, scorecards, exports, deep pages) at once, its limit, ` +
        `and others are waiting; try again in ${EXPENSIVE_BUSY_RETRY_AFTER_SECONDS} seconds, or narrow the date range`,
      EXPENSIVE_BUSY_RETRY_AFTER_SECONDS,
    ),
  );
}
