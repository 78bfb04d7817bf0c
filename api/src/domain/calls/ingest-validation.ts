import { canonicalDisposition, type FieldError, type IngestCall, type QcResultInput } from '@callboard/contract';

/** A call checked and converted to what the database stores (money in integer cents). */
export interface NormalisedCall {
  systemCallId: string;
  callTs: string;
  callerId: string;
  campaignName: string;
  publisherName: string;
  targetName: string | null;
  buyerName: string | null;
  systemName: string;
  systemPublisherId: string | null;
  systemBuyerId: string | null;
  durationSec: number;
  connected: boolean;
  recordingUrl: string | null;
  transcript: string | null;
  revenueCents: number;
  payoutCents: number;
  qc: NormalisedVerdict | null;
}

export interface NormalisedVerdict {
  systemCallId: string;
  disposition: string;
  sub_disposition: string | null;
  reason: string | null;
  summary: string | null;
}

/** Text sizes a tracking platform or QC bot may send; beyond them the call is refused, not cut. */
export const INGEST_LIMITS = {
  id: 200,
  callerId: 50,
  name: 200,
  url: 2000,
  transcript: 100_000,
  disposition: 100,
  subDisposition: 200,
  reason: 2000,
  summary: 10_000,
  maxDurationSec: 7 * 24 * 3600,
  maxAmount: 1_000_000,
} as const;

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const AMOUNT = /^\d+(\.\d{1,2})?$/;
const PARTS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/;

/**
 * Date.parse rolls impossible dates over (2026-02-30 → March 2), so the
 * calendar is checked too: a real month, day, hour, minute and second. (A
 * plain check rather than luxon: it runs for every ingested call, where
 * building a luxon DateTime each time is a noticeable cost.)
 */
function isRealDateTime(iso: string): boolean {
  const match = PARTS.exec(iso);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59;
}

type Input = Record<string, unknown>;

class Checker {
  readonly errors: FieldError[] = [];
  constructor(private readonly input: Input) {}

  requiredText(field: string, max: number, label = field): string {
    const value = this.input[field];
    if (typeof value !== 'string' || value.trim() === '') {
      this.errors.push({ field, message: `${label} is required` });
      return '';
    }
    return this.limit(field, value.trim(), max);
  }

  optionalText(field: string, max: number, source: Input = this.input, key = field): string | null {
    const value = source[key];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') {
      this.errors.push({ field, message: `${field} must be text` });
      return null;
    }
    const trimmed = value.trim();
    return trimmed === '' ? null : this.limit(field, trimmed, max);
  }

  private limit(field: string, value: string, max: number): string {
    if (value.length > max) this.errors.push({ field, message: `${field} must be at most ${max} characters` });
    return value;
  }

  cents(field: string): number {
    const value = this.input[field];
    if (value === undefined || value === null || value === '') return 0;
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (!AMOUNT.test(text) || Number(text) > INGEST_LIMITS.maxAmount) {
      this.errors.push({ field, message: `${field} must be an amount in dollars from 0 to ${INGEST_LIMITS.maxAmount}, with at most 2 decimals` });
      return 0;
    }
    return Math.round(Number(text) * 100);
  }
}

function isObject(value: unknown): value is Input {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks one delivered call; returns the stored form, or every problem with it. */
export function validateIngestCall(raw: unknown): { call?: NormalisedCall; systemCallId: string | null; errors: FieldError[] } {
  if (!isObject(raw)) return { systemCallId: null, errors: [{ field: 'call', message: 'each call must be an object' }] };
  const input = raw as Input & Partial<IngestCall>;
  const check = new Checker(input);
  const systemCallId = check.requiredText('systemCallId', INGEST_LIMITS.id);

  let callTs = '';
  const ts = input.callTimestamp;
  if (typeof ts !== 'string' || ts.trim() === '') check.errors.push({ field: 'callTimestamp', message: 'callTimestamp is required' });
  else if (!ISO_WITH_OFFSET.test(ts.trim()) || !isRealDateTime(ts.trim()) || Number.isNaN(Date.parse(ts.trim()))) {
    check.errors.push({ field: 'callTimestamp', message: 'callTimestamp must be an ISO 8601 date-time with an offset, e.g. 2026-11-20T14:03:00-05:00' });
  } else callTs = new Date(ts.trim()).toISOString();

  const callerId = check.optionalText('callerId', INGEST_LIMITS.callerId) ?? '';
  const campaignName = check.requiredText('campaignName', INGEST_LIMITS.name);
  const publisherName = check.requiredText('publisherName', INGEST_LIMITS.name);
  const targetName = check.optionalText('targetName', INGEST_LIMITS.name);
  const buyerName = check.optionalText('buyerName', INGEST_LIMITS.name);
  const systemName = check.optionalText('systemName', INGEST_LIMITS.name) ?? publisherName;
  const systemPublisherId = check.optionalText('systemPublisherId', INGEST_LIMITS.id);
  const systemBuyerId = check.optionalText('systemBuyerId', INGEST_LIMITS.id);

  let durationSec = 0;
  if (input.durationSec !== undefined && input.durationSec !== null) {
    const d = input.durationSec;
    if (typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d > INGEST_LIMITS.maxDurationSec) {
      check.errors.push({ field: 'durationSec', message: `durationSec must be a whole number of seconds from 0 to ${INGEST_LIMITS.maxDurationSec}` });
    } else durationSec = d;
  }
  let connected = durationSec > 0;
  if (input.connected !== undefined && input.connected !== null) {
    if (typeof input.connected !== 'boolean') check.errors.push({ field: 'connected', message: 'connected must be true or false' });
    else connected = input.connected;
  }

  const recordingUrl = check.optionalText('recordingUrl', INGEST_LIMITS.url);
  if (recordingUrl !== null) {
    let ok: boolean;
    try {
      ok = ['http:', 'https:'].includes(new URL(recordingUrl).protocol);
    } catch {
      ok = false;
    }
    if (!ok) check.errors.push({ field: 'recordingUrl', message: 'recordingUrl must be an http or https URL' });
  }
  const transcript = check.optionalText('transcript', INGEST_LIMITS.transcript);
  const revenueCents = check.cents('revenue');
  const payoutCents = check.cents('payout');

  let qc: NormalisedVerdict | null = null;
  if (input.qc !== undefined && input.qc !== null) {
    if (!isObject(input.qc)) check.errors.push({ field: 'qc', message: 'qc must be an object' });
    else {
      const verdict = validateVerdictFields(check, input.qc, 'qc.');
      if (verdict) qc = { systemCallId, ...verdict };
    }
  }

  if (check.errors.length > 0) return { systemCallId: systemCallId || null, errors: check.errors };
  return {
    systemCallId,
    errors: [],
    call: {
      systemCallId, callTs, callerId, campaignName, publisherName, targetName, buyerName, systemName,
      systemPublisherId, systemBuyerId, durationSec, connected, recordingUrl, transcript, revenueCents, payoutCents, qc,
    },
  };
}

function validateVerdictFields(check: Checker, source: Input, prefix: string) {
  const disposition = check.optionalText(`${prefix}disposition`, INGEST_LIMITS.disposition, source, 'disposition');
  if (disposition === null) {
    check.errors.push({ field: `${prefix}disposition`, message: `${prefix}disposition is required` });
    return undefined;
  }
  return {
    disposition: canonicalDisposition(disposition),
    sub_disposition: check.optionalText(`${prefix}sub_disposition`, INGEST_LIMITS.subDisposition, source, 'sub_disposition'),
    reason: check.optionalText(`${prefix}reason`, INGEST_LIMITS.reason, source, 'reason'),
    summary: check.optionalText(`${prefix}summary`, INGEST_LIMITS.summary, source, 'summary'),
  };
}

/** Checks one QC bot result for POST /api/ingest/qc. */
export function validateQcResult(raw: unknown): { verdict?: NormalisedVerdict; systemCallId: string | null; errors: FieldError[] } {
  if (!isObject(raw)) return { systemCallId: null, errors: [{ field: 'result', message: 'each result must be an object' }] };
  const input = raw as Input & Partial<QcResultInput>;
  const check = new Checker(input);
  const systemCallId = check.requiredText('systemCallId', INGEST_LIMITS.id);
  const verdict = validateVerdictFields(check, input, '');
  if (check.errors.length > 0 || !verdict) return { systemCallId: systemCallId || null, errors: check.errors };
  return { systemCallId, errors: [], verdict: { systemCallId, ...verdict } };
}
