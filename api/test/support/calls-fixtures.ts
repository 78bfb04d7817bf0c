/**
 * Small shared pieces for the calls tests: delivering calls and QC verdicts
 * the way the tracking platform and the bot do, reading as a signed-in
 * person, New York wall-clock instants, and a seeded random generator.
 */
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { resolvePreset } from '../../src/domain/calls/date-range';
import { bearer } from './test-app';

export const INGEST_KEY = 'test-ingest-key-0123456789abcdef';
export const NY = 'America/New_York';

export type IngestCallInput = Record<string, unknown> & { systemCallId: string; callTimestamp: string };

/** A valid call with everything filled; `overrides` replace fields, undefined removes one. */
export function makeCall(systemCallId: string, overrides: Record<string, unknown> = {}): IngestCallInput {
  const call: Record<string, unknown> = {
    systemCallId,
    callTimestamp: '2025-06-10T12:00:00-04:00',
    callerId: '5550001111',
    campaignName: 'Campaign A',
    publisherName: 'Publisher A',
    targetName: 'Target A',
    buyerName: 'Buyer A',
    durationSec: 60,
    revenue: 0,
    payout: 0,
    ...overrides,
  };
  for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete call[key];
  return call as IngestCallInput;
}

/** `key` null sends no X-Api-Key header at all. */
export function postCalls(app: FastifyInstance, calls: unknown[], key: string | null = INGEST_KEY) {
  return app.inject({ method: 'POST', url: '/api/ingest/calls', headers: key === null ? {} : { 'x-api-key': key }, payload: { calls } });
}

export function postQc(app: FastifyInstance, results: unknown[], key: string | null = INGEST_KEY) {
  return app.inject({ method: 'POST', url: '/api/ingest/qc', headers: key === null ? {} : { 'x-api-key': key }, payload: { results } });
}

export interface IngestData {
  inserted: number;
  updated: number;
  rejected: Array<{ index: number; systemCallId: string | null; errors: Array<{ field: string; message: string }> }>;
}

/** Delivers calls in batches of at most 1000 and expects every one accepted. */
export async function ingestAll(app: FastifyInstance, calls: unknown[]): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  for (let i = 0; i < calls.length; i += 1000) {
    const response = await postCalls(app, calls.slice(i, i + 1000));
    if (response.statusCode !== 200) throw new Error(`ingest failed: ${response.statusCode} ${response.body}`);
    const data = response.json().data as IngestData;
    if (data.rejected.length > 0) throw new Error(`ingest rejected calls: ${JSON.stringify(data.rejected.slice(0, 3))}`);
    inserted += data.inserted;
    updated += data.updated;
  }
  return { inserted, updated };
}

/** GET as a signed-in person; fails loudly on anything but 200. */
export async function getOk<T = any>(app: FastifyInstance, token: string, url: string): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}

export function bulkUpdate(app: FastifyInstance, token: string, payload: unknown) {
  return app.inject({ method: 'PUT', url: '/api/calls/bulk-update', headers: bearer(token), payload: payload as object });
}

/** A New York wall-clock time ("2025-06-10T09:00") as an ISO instant with its offset. */
export function nyIso(local: string): string {
  const parsed = DateTime.fromISO(local, { zone: NY });
  if (!parsed.isValid) throw new Error(`not a New York time: ${local}`);
  return parsed.toISO();
}

export const nyDate = (local: string): Date => new Date(nyIso(local));

/** A query string from defined values. */
export function qs(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** mulberry32: a small seeded PRNG, so a failing run can be replayed exactly. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, maxInclusive: number) => min + Math.floor(next() * (maxInclusive - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}

export const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Runs a check that computes preset windows on both sides (here and in the
 * server); if the New York day, or the minute a previous period in progress is
 * cut at (date-range.ts), turned meanwhile and it failed, runs it once more.
 */
export async function onStableNewYorkDay(check: () => Promise<void>): Promise<void> {
  const dayOf = () => resolvePreset('today', new Date()).previous.to.getTime();
  const before = dayOf();
  try {
    await check();
  } catch (error) {
    if (dayOf() === before) throw error;
    await check();
  }
}
