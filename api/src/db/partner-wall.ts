import type { PartnerScope } from '@callboard/contract';
import type { Database, Queryable } from './database';

/** The role a partner's statements run as (migration 0025): row-level security keeps other calls out of its reads. */
export const PARTNER_ROLE = 'callboard_partner';

/**
 * The statements that open the wall in a transaction: the role, then the scope in settings that end with the
 * transaction (`set_config(…, true)`). They go as the transaction's prelude, in BEGIN's own message on
 * PostgreSQL, so the wall costs a statement two round trips (BEGIN with it, COMMIT), not four. The values
 * are our own (a kind from a fixed list, integers, a date), and `set_config` takes them as text, so nothing
 * from a request reaches SQL.
 */
export function wallStatements(scope: PartnerScope): string {
  const ids = `{${scope.ids.map((id) => Math.trunc(id)).join(',')}}`;
  const day = scope.historyFrom && /^\d{4}-\d{2}-\d{2}$/.test(scope.historyFrom) ? scope.historyFrom : '';
  const kind = scope.kind === 'buyer' ? 'buyer' : 'publisher';
  return [
    `SET LOCAL ROLE ${PARTNER_ROLE}`,
    `SELECT set_config('callboard.scope_kind', '${kind}', true), set_config('callboard.scope_ids', '${ids}', true), set_config('callboard.scope_day', '${day}', true)`,
  ].join('; ');
}

/**
 * The database as a partner's request sees it: every statement runs in a transaction that first takes the
 * partner role and scope, so a read that forgot the scope in its WHERE clause returns the partner's rows or
 * none, never the network's. `scopeOf` says whose request is running (undefined: the network's own, which
 * go straight through at no cost). COPY is not offered under a scope: a partner's export takes the
 * streamed path, which runs its statements through the wall like any other.
 */
export function walledDatabase(db: Database, scopeOf: () => PartnerScope | undefined): Database {
  const walled = <T>(scope: PartnerScope, work: (tx: Queryable) => Promise<T>, prelude?: string) =>
    db.transaction(work, { prelude: prelude ? `${wallStatements(scope)}; ${prelude}` : wallStatements(scope) });

  return {
    ...db,
    kind: db.kind,
    query(text, params) {
      const scope = scopeOf();
      return scope ? walled(scope, (tx) => tx.query(text, params)) : db.query(text, params);
    },
    exec(sql) {
      const scope = scopeOf();
      return scope ? walled(scope, (tx) => tx.query(sql).then(() => undefined)) : db.exec(sql);
    },
    transaction(work, options) {
      const scope = scopeOf();
      return scope ? walled(scope, work, options?.prelude) : db.transaction(work, options);
    },
    get copyOut() {
      return scopeOf() ? undefined : db.copyOut?.bind(db);
    },
    listen: (channel, handlers) => db.listen(channel, handlers),
    ping: (timeoutMs) => db.ping(timeoutMs),
    close: () => db.close(),
  };
}
