import type { CallsChanged } from '@callboard/contract';
import type { SourceChange } from './source-changes';

/**
 * What one NOTIFY on the calls channel carries between the instances: the write's totals, as the network's
 * streams show them (contract/src/live-events.ts), and whose calls they were (`sources`), from which each
 * partner's stream counts only its own with no database round trip. It stays on the server: no screen
 * reads it, so it is not in the contract; a stream sends its own CallsChanged.
 */
export interface ChangeNotice {
  /** The write's totals; null on a further part of a write too large for one notification (its totals went with the first). */
  totals: CallsChanged | null;
  /**
   * The calls written, grouped by publisher × buyer × day; undefined when not known (a notice from an
   * instance of an earlier release, or the listener coming back after a drop): then a partner's stream is
   * told only that something may have changed, with no counts.
   */
  sources: SourceChange[] | undefined;
}

/**
 * A notification's payload is limited to 8000 bytes (PostgreSQL's default, PGlite's too); a write over
 * many sources and days is sent as several parts under this, leaving room for the totals.
 */
export const NOTICE_MAX_BYTES = 7_600;

/** One source on the wire: [publisherId, buyerId, day, inserted, updated, newest], positional to fit more in a notification. */
type WireSource = [number, number | null, string, number, number, string];

interface WireNotice extends CallsChanged {
  /** Present on a further part: the totals above are zero and are not the write's. */
  part?: true;
  sources?: WireSource[];
}

const toWire = (s: SourceChange): WireSource => [s.publisherId, s.buyerId, s.day, s.inserted, s.updated, s.newest];

/**
 * The payloads that announce one write: the totals with as many sources as fit, then further parts with
 * the rest. An instance of an earlier release reads a further part as a change of nothing, which costs
 * its screens one needless refetch at most.
 */
export function encodeNotices(totals: CallsChanged, sources: readonly SourceChange[] | undefined): string[] {
  if (sources === undefined) return [JSON.stringify(totals)];
  const payloads: string[] = [];
  let head: WireNotice = { ...totals, sources: [] };
  const emptyPart = (): WireNotice => ({ inserted: 0, updated: 0, newestCallTimestamp: null, part: true, sources: [] });
  let size = JSON.stringify(head).length;
  for (const source of sources) {
    const wire = toWire(source);
    const added = JSON.stringify(wire).length + 1;
    if (size + added > NOTICE_MAX_BYTES && head.sources!.length > 0) {
      payloads.push(JSON.stringify(head));
      head = emptyPart();
      size = JSON.stringify(head).length;
    }
    head.sources!.push(wire);
    size += added;
  }
  payloads.push(JSON.stringify(head));
  return payloads;
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;
const isId = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;
const isTime = (t: unknown): t is string => typeof t === 'string' && !Number.isNaN(Date.parse(t));
const isDay = (d: unknown): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d);

function parseSource(value: unknown): SourceChange | null {
  if (!Array.isArray(value) || value.length !== 6) return null;
  const [publisherId, buyerId, day, inserted, updated, newest] = value as unknown[];
  if (!isId(publisherId) || !(buyerId === null || isId(buyerId)) || !isDay(day) || !isCount(inserted) || !isCount(updated) || !isTime(newest)) return null;
  return { publisherId, buyerId, day, inserted, updated, newest };
}

/** A notification's payload, when it is one of ours (anyone connected to the database may NOTIFY); null otherwise. */
export function parseNotice(payload: string): ChangeNotice | null {
  let value: Partial<WireNotice> | null;
  try {
    value = JSON.parse(payload) as Partial<WireNotice> | null;
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || !isCount(value.inserted) || !isCount(value.updated)) return null;
  const newest = value.newestCallTimestamp;
  if (newest !== null && !isTime(newest)) return null;
  let sources: SourceChange[] | undefined;
  if (value.sources !== undefined) {
    if (!Array.isArray(value.sources)) return null;
    sources = [];
    for (const wire of value.sources) {
      const source = parseSource(wire);
      if (!source) return null;
      sources.push(source);
    }
  }
  if (value.part === true && !sources) return null;
  const totals = value.part === true ? null : { inserted: value.inserted, updated: value.updated, newestCallTimestamp: newest ?? null };
  return { totals, sources };
}
