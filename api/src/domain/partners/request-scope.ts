import { AsyncLocalStorage } from 'node:async_hooks';
import type { PartnerScope } from '@callboard/contract';

/** Who a request reads for: a partner account's scope, or nobody's (the network's own people, ingest keys, probes). */
export interface RequestScope {
  /** Set once the request is authenticated as a partner (or as an admin viewing as one); never unset. */
  partner: PartnerScope | undefined;
}

const requests = new AsyncLocalStorage<RequestScope>();

/**
 * Runs one request's handling (everything that follows its first hook) with a scope of its own, filled in
 * by authentication. Every database statement and every calls filter built while it runs reads the scope
 * from here, so no route can forget it (docs/decisions/0037-partner-scope.md).
 */
export function runWithRequestScope<T>(work: () => T): T {
  return requests.run({ partner: undefined }, work);
}

/** The partner scope of the request this code runs for; undefined outside a partner's request. */
export function currentPartnerScope(): PartnerScope | undefined {
  return requests.getStore()?.partner;
}

/** Authentication's step: from here on, this request reads as this partner. Refused outside a request. */
export function enterPartnerScope(scope: PartnerScope): void {
  const store = requests.getStore();
  if (!store) throw new Error('enterPartnerScope called outside a request: the scope would not apply');
  store.partner = scope;
}

/**
 * Work that belongs to no request (a background task a request happened to start) runs without its
 * scope: otherwise a timer set during a partner's request would read as that partner forever.
 */
export function outsideRequestScope<T>(work: () => T): T {
  return requests.exit(work);
}

/**
 * A stable key of a whole scope, for caches and shared reads: two requests share an answer only when every part
 * of their scope is the same, field settings included. A shared read runs its work in the first asker's request
 * (plugins/app/read-rounds.ts), and the work checks the filter against that scope (a buyer picker or a `q` is
 * refused to a partner without the other side or transcripts), so two logins of one company with different
 * settings must not share it.
 */
export function scopeKey(scope: PartnerScope | undefined): string {
  if (!scope) return 'network';
  const ids = [...scope.ids].sort((a, b) => a - b).join(',');
  return [scope.kind, ids, scope.historyFrom ?? '*', scope.callerId, scope.recordings, scope.transcripts, scope.counterparty].join(':');
}
