import type { CallRecord } from '@callboard/contract';
import type { DisputeState } from '@callboard/contract/disputes';

/** The records table's columns, over `calls` aliased c and the names joined by CALL_JOINS. */
export const RECORD_COLUMNS_SQL = `c.id::text AS id, c.call_ts, c.caller_id, cp.name AS campaign_name, p.name AS publisher_name,
  c.system_name, t.name AS target_name, b.name AS buyer_name, c.duration_sec, c.connected, c.status, c.sub_disposition,
  c.reason, c.summary, c.transcript, c.recording_url, c.system_call_id, c.system_publisher_id, c.system_buyer_id,
  c.revenue_cents, c.payout_cents, c.status_overridden, c.qc_disposition, c.qc_sub_disposition, c.qc_reason, c.qc_summary, c.repeat_of::text AS repeat_of,
  c.dispute_state`;

/** The dimension names a call shows, joined onto `c`. */
export const CALL_JOINS = `JOIN campaigns cp ON cp.id = c.campaign_id
JOIN publishers p ON p.id = c.publisher_id
LEFT JOIN targets t ON t.id = c.target_id
LEFT JOIN buyers b ON b.id = c.buyer_id`;

/** SELECT `columns` FROM `source` (aliased c: the calls table, or a page of it) with the names joined. */
export function recordSelect(source = 'calls c', columns = RECORD_COLUMNS_SQL): string {
  return `SELECT ${columns}\nFROM ${source}\n${CALL_JOINS}`;
}

export const RECORD_SELECT = recordSelect();

export interface RecordRow {
  id: string;
  call_ts: Date;
  caller_id: string;
  campaign_name: string;
  publisher_name: string;
  system_name: string;
  target_name: string | null;
  buyer_name: string | null;
  duration_sec: number;
  connected: boolean;
  status: string;
  sub_disposition: string | null;
  reason: string | null;
  summary: string | null;
  transcript: string | null;
  recording_url: string | null;
  system_call_id: string;
  system_publisher_id: string | null;
  system_buyer_id: string | null;
  revenue_cents: number;
  payout_cents: number;
  status_overridden: boolean;
  qc_disposition: string | null;
  qc_sub_disposition: string | null;
  qc_reason: string | null;
  qc_summary: string | null;
  repeat_of: string | null;
  dispute_state: DisputeState;
}

export const centsToDollars = (cents: number | string): number => Number(cents) / 100;

export function toCallRecord(row: RecordRow): CallRecord {
  return {
    id: row.id,
    callTimestamp: new Date(row.call_ts).toISOString(),
    callerId: row.caller_id,
    campaignName: row.campaign_name,
    publisherName: row.publisher_name,
    systemName: row.system_name || row.publisher_name,
    target_name: row.target_name,
    buyerName: row.buyer_name,
    durationSec: row.duration_sec,
    connected: row.connected,
    status: row.status,
    sub_disposition: row.sub_disposition,
    reason: row.reason,
    summary: row.summary,
    transcript: row.transcript,
    recordingUrl: row.recording_url,
    systemCallId: row.system_call_id,
    systemPublisherId: row.system_publisher_id,
    systemBuyerId: row.system_buyer_id,
    revenue: centsToDollars(row.revenue_cents),
    payout: centsToDollars(row.payout_cents),
    statusOverridden: row.status_overridden,
    qc: {
      disposition: row.qc_disposition,
      sub_disposition: row.qc_sub_disposition,
      reason: row.qc_reason,
      summary: row.qc_summary,
    },
    repeat: row.repeat_of !== null,
    repeatOf: row.repeat_of,
    disputeState: row.dispute_state,
  };
}
