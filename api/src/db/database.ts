import type { Readable } from 'node:stream';

/**
 * One small interface over both engines (docs/decisions/0001-embedded-pglite.md): PGlite when no
 * DATABASE_URL is set, PostgreSQL when it is. The SQL is the same on both;
 * only connection handling differs, and it lives behind this interface.
 */

export interface Queryable {
  /** Runs one parameterised statement and returns its rows. */
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
}

export type DatabaseKind = 'pglite' | 'postgres';

export interface NotificationHandlers {
  message(payload: string): void;
  /** Listening again after the connection dropped: notifications sent meanwhile are lost. */
  resumed(): void;
  /** The listening connection failed (it is being re-opened). */
  failed(error: unknown): void;
}

export interface TransactionOptions {
  /** Statements without parameters, `;`-separated, run at the transaction's start. */
  prelude?: string;
}

/** One connection's statements and transactions, every one of them on that connection. */
export type OwnConnection = Queryable & Pick<Database, 'exec' | 'transaction'>;

export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `work` in one transaction: all of it commits, or none of it. `prelude`: statements without parameters
   * run first in the transaction, sent with its BEGIN in one message where the engine allows (the partner
   * wall's role and settings: db/partner-wall.ts), so they cost no round trip of their own.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * PostgreSQL only: runs `COPY (…) TO STDOUT` on a connection of its own and
   * streams what the server writes. The SQL carries its values as literals
   * (COPY takes no parameters). Destroying the stream ends the statement.
   */
  copyOut?(sql: string): Promise<Readable>;
  /**
   * Calls `handlers.message` with the payload of every NOTIFY on `channel`, from this
   * process or any other on the same database, until the returned function is called.
   * On PostgreSQL this holds a connection of its own, outside the pool, and reconnects
   * with backoff when it drops; `handlers.resumed` then says that notifications may have
   * been missed meanwhile.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  /**
   * PostgreSQL only: runs `work` on a connection of its own, outside the pool and with no
   * statement limit, closed once `work` settles. For work that holds a session lock and
   * may wait for it longer than any request would (migrations, db/migrate.ts).
   */
  onOwnConnection?<T>(work: (connection: OwnConnection) => Promise<T>): Promise<T>;
  /** Resolves when the database answers within `timeoutMs`, rejects otherwise. */
  ping(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}
