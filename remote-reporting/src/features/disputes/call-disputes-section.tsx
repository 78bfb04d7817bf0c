import { lazy, Suspense } from 'react';
import type { CallRecord } from '@callboard/contract';

// The disputes' screens are their own chunk, fetched when a call's detail opens: remoteEntry.js lists each
// shared module Reporting takes, and its 10 KB budget has little room (shared-ui/src/disputes.ts).
const CallDisputes = lazy(() => import('@callboard/shared-ui/disputes').then((module) => ({ default: module.CallDisputes })));

/** A call's disputes in its details: the history, and "Dispute this call" for who may (shared-ui call-disputes.tsx). */
export function CallDisputesSection({ call }: { call: CallRecord }) {
  return (
    <section className="cb-section" aria-label="Disputes">
      <h3 className="cb-section__title">Disputes</h3>
      <Suspense fallback={<p className="cb-text-sm cb-muted">Loading disputes…</p>}>
        <CallDisputes call={call} />
      </Suspense>
    </section>
  );
}
