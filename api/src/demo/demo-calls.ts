/**
 * Demo calls for `npm run seed`, the first embedded start and the benchmark.
 *
 * A fixed little pay-per-call market (campaigns, publishers, targets, buyers
 * with the structure of a real one: a publisher works a few campaigns, a
 * campaign routes to a few targets, a target belongs to one buyer) and, for
 * any seed, a stream of calls through it: New York business-hour peaks, a
 * skewed disposition mix in which weaker publishers send worse calls,
 * durations and money that fit each disposition, and short transcripts.
 *
 * Everything comes from seeded PRNGs, never Math.random: call `index` of a
 * run depends only on (seed, index, calls, days, end), and its systemCallId
 * only on (seed, index), so seeding again updates the same rows instead of
 * adding new ones. Timestamps rise with the index, as calls arrive in a real
 * feed, which keeps the table's physical order close to its time order.
 */
import type { IngestCall } from '@callboard/contract';
import type { NormalisedCall, NormalisedVerdict } from '../domain/calls/ingest-validation';
import { phoneNumber } from './caller-ids';
import { demoWorld, type DemoCampaign, type DemoPublisher, type Route } from './demo-market';
import { BILLABLE, Outcome, durationOf } from './outcomes';
import { Prng, pickCumulative, stateFor } from './prng';
import { buildTimeline, type Timeline } from './timeline';
import { AGENTS, CALLERS, SCRIPTS, scriptFor } from './transcripts';

export { DEMO_WORLD_SIZE } from './market-catalogue';
export { demoWorld, type DemoBuyer, type DemoCampaign, type DemoPublisher, type DemoTarget, type DemoWorld } from './demo-market';
export { ODD_STATUSES } from './outcomes';
export { Prng } from './prng';

export const DEMO_RECORDING_COUNT = 4;
export const demoRecordingPath = (k: number) => `/recordings/demo-${k}.wav`;

/** Beyond these the seeding would run for hours or the timeline would not fit in memory. */
export const DEMO_LIMITS = { maxCalls: 100_000_000, maxDays: 3650, maxSeed: 0xffffffff } as const;

export interface DemoCallOptions {
  calls: number;
  days: number;
  seed: number;
  /** The calls fall in [end − days, end). */
  end: Date;
}

// Independent streams per call, so adding a field to one never changes another.
const STREAM_CALL = 1;
const STREAM_CALLER = 2;

export class DemoCalls {
  private readonly world = demoWorld();
  private readonly timeline: Timeline;
  private readonly rng = new Prng(0);
  private readonly callerRng = new Prng(0);

  constructor(readonly options: DemoCallOptions) {
    const { calls, days, seed, end } = options;
    if (!Number.isInteger(calls) || calls < 0 || calls > DEMO_LIMITS.maxCalls) throw new RangeError(`calls must be a whole number from 0 to ${DEMO_LIMITS.maxCalls}`);
    if (!Number.isInteger(days) || days < 1 || days > DEMO_LIMITS.maxDays) throw new RangeError(`days must be a whole number from 1 to ${DEMO_LIMITS.maxDays}`);
    if (!Number.isInteger(seed) || seed < 0 || seed > DEMO_LIMITS.maxSeed) throw new RangeError(`seed must be a whole number from 0 to ${DEMO_LIMITS.maxSeed}`);
    if (Number.isNaN(end.getTime())) throw new RangeError('end must be a valid date');
    this.timeline = buildTimeline(seed, days, end.getTime());
  }

  /** The same number for the same (seed, index): callers who call again keep their number. */
  private callerIdOf(index: number): string {
    this.callerRng.reseed(stateFor(this.options.seed, STREAM_CALLER, index));
    return phoneNumber(this.callerRng);
  }

  /** Call number `index` (0-based) of this run. */
  call(index: number): NormalisedCall {
    const { seed, calls } = this.options;
    const { world, timeline, rng } = this;
    rng.reseed(stateFor(seed, STREAM_CALL, index));

    // Stratified over the run: call i falls in the i-th of `calls` equal slices of volume, so times rise with i.
    const u = (index + rng.next()) / calls;
    const slot = pickCumulative(timeline.cumulative, u);
    const volume = u * (timeline.cumulative[timeline.cumulative.length - 1] as number);
    const before = slot === 0 ? 0 : (timeline.cumulative[slot - 1] as number);
    const within = Math.min(0.999_999, (volume - before) / ((timeline.cumulative[slot] as number) - before));
    const at = Math.floor((timeline.start + (slot + within) * 3_600_000) / 1000) * 1000;

    const publisher = world.publishers[pickCumulative(world.publisherWeights, rng.next())] as DemoPublisher;
    const campaign = publisher.campaigns[pickCumulative(publisher.campaignWeights, rng.next())] as DemoCampaign;
    const outcome: Outcome = pickCumulative(publisher.outcomes[timeline.offHours[slot] as 0 | 1], rng.next());
    const connected = outcome !== Outcome.NoConnect;
    const route = connected ? (campaign.routes[pickCumulative(campaign.routeWeights, rng.next())] as Route) : null;
    const durationSec = durationOf(outcome, rng);
    const billable = connected && BILLABLE.has(outcome) && durationSec >= campaign.bufferSec;
    const revenueCents = billable && route ? route.revenueCents : 0;
    const payoutCents = billable ? Math.round((revenueCents * publisher.payoutShare) / 25) * 25 : 0;

    // A few people call more than once: reuse the number of a recent call.
    const callerId = index > 0 && rng.chance(0.06) ? this.callerIdOf(Math.max(0, index - 1 - Math.floor(rng.next() * 2000))) : this.callerIdOf(index);
    const buyer = route?.target.buyer ?? null;
    const script = scriptFor({
      rng,
      outcome,
      script: SCRIPTS[campaign.product.vertical],
      need: campaign.product.need,
      product: campaign.product.name,
      buyer: buyer?.name ?? '',
      agent: rng.pick(AGENTS),
      caller: rng.pick(CALLERS),
    });
    const recordingUrl = connected && rng.chance(1 / 3) ? demoRecordingPath(1 + Math.floor(rng.next() * DEMO_RECORDING_COUNT)) : null;

    const systemCallId = `demo-${seed}-${index}`;
    const qc: NormalisedVerdict | null =
      script.disposition === null
        ? null
        : { systemCallId, disposition: script.disposition, sub_disposition: script.sub, reason: script.reason, summary: script.summary };
    return {
      systemCallId,
      callTs: new Date(at).toISOString(),
      callerId,
      campaignName: campaign.name,
      publisherName: publisher.name,
      targetName: route?.target.name ?? null,
      buyerName: buyer?.name ?? null,
      systemName: publisher.name,
      systemPublisherId: publisher.systemPublisherId,
      systemBuyerId: buyer?.systemBuyerId ?? null,
      durationSec,
      connected,
      recordingUrl,
      transcript: script.lines === null ? null : script.lines.join('\n'),
      revenueCents,
      payoutCents,
      qc,
    };
  }

  /** The whole run, `size` calls at a time, oldest first. */
  *batches(size = 1000): Generator<NormalisedCall[]> {
    for (let from = 0; from < this.options.calls; from += size) {
      const to = Math.min(this.options.calls, from + size);
      const batch = new Array<NormalisedCall>(to - from);
      for (let i = from; i < to; i += 1) batch[i - from] = this.call(i);
      yield batch;
    }
  }
}

/** A run of demo calls as batches of `batchSize` (storeCalls takes at most 1000 at a time), oldest first. */
export function generateDemoCalls(options: DemoCallOptions, batchSize = 1000): Generator<NormalisedCall[]> {
  return new DemoCalls(options).batches(batchSize);
}

/**
 * A generated call as the tracking platform would deliver it to POST
 * /api/ingest/calls, with the demo's relative recording link placed on
 * `recordingOrigin` (ingest accepts only absolute http(s) links).
 */
export function asIngestCall(c: NormalisedCall, recordingOrigin: string): IngestCall {
  return {
    systemCallId: c.systemCallId,
    callTimestamp: c.callTs,
    callerId: c.callerId,
    campaignName: c.campaignName,
    publisherName: c.publisherName,
    targetName: c.targetName,
    buyerName: c.buyerName,
    systemName: c.systemName,
    ...(c.systemPublisherId ? { systemPublisherId: c.systemPublisherId } : {}),
    ...(c.systemBuyerId ? { systemBuyerId: c.systemBuyerId } : {}),
    durationSec: c.durationSec,
    connected: c.connected,
    recordingUrl: c.recordingUrl && `${recordingOrigin}${c.recordingUrl}`,
    transcript: c.transcript,
    revenue: (c.revenueCents / 100).toFixed(2),
    payout: (c.payoutCents / 100).toFixed(2),
    ...(c.qc ? { qc: { disposition: c.qc.disposition, sub_disposition: c.qc.sub_disposition ?? undefined, reason: c.qc.reason ?? undefined, summary: c.qc.summary ?? undefined } } : {}),
  };
}
