import { PassThrough, type Readable } from 'node:stream';
import { partnerSeesDimension, partnerSeesMoney, type ExportFormat, type PartnerScope } from '@callboard/contract';
import { DISPUTE_REASON_LABELS, DISPUTE_STATUS_LABELS, type Dispute } from '@callboard/contract/disputes';
import { formatInNewYork } from '@callboard/contract/new-york-time';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database';
import { createSheetWriter, type SheetCell, type SheetColumn } from '../export/sheet-writer';
import { disputesForReader } from './dispute-visibility';
import { findDisputesBatch, type DisputesFilter } from './disputes-query';

/**
 * The disputes list as a CSV or XLSX file (GET /api/disputes/export), through the records export's sheet writers
 * (domain/export/sheet-writer.ts: formula-neutralised text, numbers as numbers, backpressure). A partner's file
 * has only the columns and values its field visibility gives (dispute-visibility.ts), read through its wall.
 */

interface DisputeColumn extends SheetColumn {
  value: (dispute: Dispute) => SheetCell;
  /** Whether a partner of this scope reads the column; always for the network. */
  shownTo?: (scope: PartnerScope) => boolean;
}

const time = (iso: string | null) => (iso === null ? null : formatInNewYork(iso, 'yyyy-MM-dd HH:mm:ss'));
const money = (value: number | undefined) => (value === undefined ? null : value);

const COLUMNS: DisputeColumn[] = [
  { header: 'Dispute', kind: 'text', value: (d) => d.id },
  { header: 'Opened (New York)', kind: 'text', value: (d) => time(d.openedAt) },
  { header: 'Status', kind: 'text', value: (d) => DISPUTE_STATUS_LABELS[d.status] },
  { header: 'Reason', kind: 'text', value: (d) => DISPUTE_REASON_LABELS[d.reason] },
  { header: 'Note', kind: 'text', width: 40, value: (d) => d.note ?? null, shownTo: (s) => s.kind !== 'publisher' || s.counterparty },
  { header: 'Opened by', kind: 'text', value: (d) => d.openedBy.name },
  { header: 'Call time (New York)', kind: 'text', value: (d) => time(d.callTimestamp) },
  { header: 'Call ID', kind: 'text', value: (d) => d.systemCallId },
  { header: 'Campaign', kind: 'text', value: (d) => d.campaignName },
  { header: 'Publisher', kind: 'text', value: (d) => d.publisherName, shownTo: (s) => partnerSeesDimension(s, 'publisher') },
  { header: 'Buyer', kind: 'text', value: (d) => d.buyerName, shownTo: (s) => partnerSeesDimension(s, 'buyer') },
  { header: 'Caller ID', kind: 'text', value: (d) => d.evidence.callerId, shownTo: (s) => s.callerId !== 'hidden' },
  { header: 'AI verdict', kind: 'text', value: (d) => d.evidence.ai?.disposition ?? null },
  { header: 'AI reason', kind: 'text', width: 40, value: (d) => d.evidence.ai?.reason ?? null },
  { header: 'Status at opening', kind: 'text', value: (d) => d.evidence.status },
  { header: 'Duration (s)', kind: 'number', value: (d) => d.evidence.durationSec },
  { header: 'Revenue at opening', kind: 'number', value: (d) => money(d.revenue), shownTo: (s) => partnerSeesMoney(s, 'revenue') },
  { header: 'Payout at opening', kind: 'number', value: (d) => money(d.payout), shownTo: (s) => partnerSeesMoney(s, 'payout') },
  { header: 'Decided (New York)', kind: 'text', value: (d) => time(d.decision?.decidedAt ?? null) },
  { header: 'Decided by', kind: 'text', value: (d) => d.decision?.decidedBy.name ?? null },
  { header: 'Decision note', kind: 'text', width: 40, value: (d) => d.decision?.note ?? null },
  { header: 'Credited', kind: 'number', value: (d) => money(d.decision?.credited), shownTo: (s) => partnerSeesMoney(s, 'revenue') },
  { header: 'Clawed back', kind: 'number', value: (d) => money(d.decision?.clawedBack), shownTo: (s) => partnerSeesMoney(s, 'payout') },
];

/** The file's columns for this reader. */
export function disputeColumns(scope: PartnerScope | undefined): DisputeColumn[] {
  return scope ? COLUMNS.filter((c) => c.shownTo?.(scope) ?? true) : COLUMNS;
}

/** Rows per statement. */
const BATCH = 1000;

/**
 * The file as a stream, written batch by batch as the client reads. `db` is the request's (walled for a partner).
 * A failure midway ends the download early and is logged (the status has been sent by then).
 */
export function disputesFile(db: Queryable, filter: DisputesFilter, scope: PartnerScope | undefined, fmt: ExportFormat, log: FastifyBaseLogger): Readable {
  const columns = disputeColumns(scope);
  const output = new PassThrough();
  const writer = createSheetWriter(fmt, columns, output, 'Disputes');
  void (async () => {
    let after: string | undefined;
    for (;;) {
      const batch = await findDisputesBatch(db, filter, after, BATCH);
      const visible = await disputesForReader(db, scope, batch);
      await writer.write(visible.map((dispute) => columns.map((column) => column.value(dispute))));
      if (batch.length < BATCH) break;
      after = batch.at(-1)!.id;
    }
    await writer.end();
  })().catch((error: unknown) => {
    log.error({ err: error }, 'disputes export failed midway');
    output.destroy(error as Error);
  });
  return output;
}
