import { DISPLAY_TIME_ZONE, DISPOSITIONS } from '@callboard/contract';
import { DateTime } from 'luxon';
import { validateIngestCall, type NormalisedCall } from '../domain/calls/ingest-validation';
import { DEMO_WORLD_SIZE, DemoCalls, ODD_STATUSES, asIngestCall, demoWorld, generateDemoCalls, type DemoCallOptions } from './demo-calls';
import { PRODUCTS, VERTICALS, type Vertical } from './market-catalogue';
import { SCRIPTS } from './transcripts';

const END = new Date('2026-03-02T05:00:00Z'); // midnight in New York
const OPTIONS: DemoCallOptions = { calls: 50_000, days: 60, seed: 42, end: END };

const all = (options: DemoCallOptions) => [...generateDemoCalls(options)].flat();
const calls = all(OPTIONS);
const connected = calls.filter((c) => c.connected);
const statusOf = (c: NormalisedCall) => c.qc?.disposition ?? '';
const share = (predicate: (c: NormalisedCall) => boolean, among = calls) => among.filter(predicate).length / among.length;

/** The call as the tracking platform would deliver it, with the relative recording link on some origin. */
const asDelivered = (c: NormalisedCall) => asIngestCall(c, 'https://callboard.example');

describe('determinism', () => {
  test('the same options give the same calls, batch by batch or one at a time', () => {
    const again = all({ ...OPTIONS, end: new Date(END) });
    expect(JSON.stringify(again)).toBe(JSON.stringify(calls));
    const single = new DemoCalls(OPTIONS);
    for (const index of [0, 1, 999, 1000, 31_337, 49_999]) expect(single.call(index)).toEqual(calls[index]);
    expect(calls.map((c) => c.systemCallId).slice(0, 3)).toEqual(['demo-42-0', 'demo-42-1', 'demo-42-2']);
  });

  test('another seed gives other calls; ids depend only on seed and index', () => {
    const other = new DemoCalls({ ...OPTIONS, seed: 43 });
    expect(other.call(5).systemCallId).toBe('demo-43-5');
    expect(other.call(5).transcript === calls[5]?.transcript && other.call(5).callerId === calls[5]?.callerId).toBe(false);
    const longer = new DemoCalls({ ...OPTIONS, days: 90, end: new Date(END.getTime() + 86_400_000) });
    expect(longer.call(7).systemCallId).toBe(calls[7]?.systemCallId);
  });

  test('batches hold at most 1000 calls (the size storeCalls and ingest accept) and cover the run once', () => {
    const batches = [...generateDemoCalls({ ...OPTIONS, calls: 2500 })];
    expect(batches.map((b) => b.length)).toEqual([1000, 1000, 500]);
    expect(new Set(batches.flat().map((c) => c.systemCallId)).size).toBe(2500);
  });

  test('wrong options are refused', () => {
    expect(() => new DemoCalls({ ...OPTIONS, calls: -1 })).toThrow(/calls/);
    expect(() => new DemoCalls({ ...OPTIONS, days: 0 })).toThrow(/days/);
    expect(() => new DemoCalls({ ...OPTIONS, seed: 1.5 })).toThrow(/seed/);
    expect(() => new DemoCalls({ ...OPTIONS, end: new Date('nope') })).toThrow(/end/);
  });
});

describe('the market', () => {
  const world = demoWorld();

  test('has the planned size with unique names', () => {
    expect(world.campaigns).toHaveLength(DEMO_WORLD_SIZE.campaigns);
    expect(world.publishers).toHaveLength(DEMO_WORLD_SIZE.publishers);
    expect(world.targets).toHaveLength(DEMO_WORLD_SIZE.targets);
    expect(world.buyers).toHaveLength(DEMO_WORLD_SIZE.buyers);
    for (const names of [world.campaigns, world.publishers, world.targets, world.buyers].map((list) => list.map((x) => x.name))) {
      expect(new Set(names).size).toBe(names.length);
    }
  });

  test('the calls follow its structure: a target has one buyer, publishers and campaigns keep to a few partners', () => {
    const sets = new Map<string, Set<string>>();
    const add = (key: string, value: string | null) => {
      if (value === null) return;
      sets.set(key, (sets.get(key) ?? new Set()).add(value));
    };
    for (const c of calls) {
      add(`target:${c.targetName}`, c.buyerName);
      add(`publisher:${c.publisherName}`, c.campaignName);
      add(`campaign:${c.campaignName}`, c.targetName);
    }
    const sizes = (prefix: string) => [...sets].filter(([key]) => key.startsWith(prefix)).map(([, values]) => values.size);
    expect(new Set(sizes('target:'))).toEqual(new Set([1]));
    expect(Math.max(...sizes('publisher:'))).toBeLessThanOrEqual(5);
    expect(sizes('publisher:').filter((n) => n <= 3).length / sizes('publisher:').length).toBeGreaterThan(0.7);
    expect(Math.max(...sizes('campaign:'))).toBeLessThanOrEqual(6);
    expect(Math.min(...sizes('campaign:'))).toBeGreaterThanOrEqual(2);
    // 50k calls reach (nearly) every name, and a few publishers bring most of the volume.
    expect(new Set(calls.map((c) => c.campaignName)).size).toBe(DEMO_WORLD_SIZE.campaigns);
    expect(new Set(calls.map((c) => c.buyerName)).size).toBe(DEMO_WORLD_SIZE.buyers + 1);
    expect(new Set(calls.map((c) => c.publisherName)).size).toBeGreaterThan(190);
    const perPublisher = new Map<string, number>();
    for (const c of calls) perPublisher.set(c.publisherName, (perPublisher.get(c.publisherName) ?? 0) + 1);
    const top20 = [...perPublisher.values()].sort((a, b) => b - a).slice(0, 20).reduce((a, b) => a + b, 0);
    expect(top20 / calls.length).toBeGreaterThan(0.4);
  });
});

describe('dispositions', () => {
  test('are skewed like a real call floor', () => {
    const of = (status: string) => share((c) => statusOf(c) === status);
    expect(of('Sales')).toBeGreaterThan(0.09);
    expect(of('Sales')).toBeLessThan(0.15);
    expect(of('Voicemail')).toBeGreaterThan(0.12);
    expect(of('Voicemail')).toBeLessThan(0.19);
    expect(of('Hungup')).toBeGreaterThan(0.06);
    expect(of('Hungup')).toBeLessThan(0.11);
    const counts = DISPOSITIONS.map((d) => of(d));
    expect(Math.max(...counts)).toBe(of('Not Interested'));
    for (const value of counts) expect(value).toBeGreaterThan(0.01);
    const odd = share((c) => ODD_STATUSES.includes(statusOf(c)));
    expect(odd).toBeGreaterThan(0.005);
    expect(odd).toBeLessThan(0.03);
    const notConnected = share((c) => !c.connected);
    expect(notConnected).toBeGreaterThan(0.025);
    expect(notConnected).toBeLessThan(0.06);
  });

  test('weaker publishers send worse calls', () => {
    const quality = new Map(demoWorld().publishers.map((p) => [p.name, p.quality]));
    const poor = calls.filter((c) => (quality.get(c.publisherName) ?? 1) < 0.5);
    const good = calls.filter((c) => (quality.get(c.publisherName) ?? 0) > 0.8);
    const sales = (c: NormalisedCall) => statusOf(c) === 'Sales';
    const bad = (c: NormalisedCall) => ['DNC', 'Hungup', 'Misdialed'].includes(statusOf(c)) || !c.connected;
    expect(share(sales, poor)).toBeLessThan(share(sales, good));
    expect(share(bad, poor)).toBeGreaterThan(share(bad, good));
  });

  test('reasons, summaries and transcripts come with the verdicts; some have sub-dispositions', () => {
    const incomplete = connected.filter(
      (c) => !c.qc?.reason || !c.qc.summary || !/^(Agent|System|IVR): /.test(c.transcript ?? '') || (c.transcript?.length ?? 0) > 1200,
    );
    expect(incomplete).toEqual([]);
    const sales = connected.filter((c) => statusOf(c) === 'Sales');
    expect(sales.every((c) => c.qc?.sub_disposition)).toBe(true);
    const withSub = share((c) => Boolean(c.qc?.sub_disposition), connected);
    expect(withSub).toBeGreaterThan(0.2);
    expect(withSub).toBeLessThan(0.7);
    expect(calls.some((c) => !c.connected && c.qc === null)).toBe(true);
  });
});

describe('what is said', () => {
  test("a call's transcript is its campaign's: that product's need, and only its vertical's lines", () => {
    const linesOf = (vertical: Vertical) => {
      const v = SCRIPTS[vertical];
      return [...v.qualify, ...v.answer, ...v.offer, ...v.close, ...v.notQualified.map(([, line]) => line)];
    };
    const strangers = (c: NormalisedCall) => {
      const product = PRODUCTS.find((p) => c.campaignName.startsWith(`${p.name} - `));
      if (!product) return [`no product for ${c.campaignName}`];
      const transcript = c.transcript ?? '';
      const foreign = VERTICALS.filter((v) => v !== product.vertical).flatMap(linesOf).filter((line) => transcript.includes(line));
      // The caller names the campaign's own product whenever they say why they call.
      const asks = /I'm calling about (.+?)\.( Please|$)/m.exec(transcript);
      return asks && asks[1] !== product.need ? [...foreign, `asks about ${asks[1]}`] : foreign;
    };
    expect(connected.filter((c) => strangers(c).length > 0).map((c) => [c.campaignName, strangers(c)]).slice(0, 3)).toEqual([]);
    expect(connected.filter((c) => c.transcript?.includes("I'm calling about")).length).toBeGreaterThan(connected.length / 2);
  });
});

describe('time', () => {
  const local = new Map(calls.map((c) => [c, DateTime.fromISO(c.callTs, { zone: DISPLAY_TIME_ZONE })]));
  const newYork = (c: NormalisedCall) => local.get(c) as DateTime;

  test('every call falls in the period, whole seconds, and times rise with the index', () => {
    const from = END.getTime() - OPTIONS.days * 86_400_000;
    const times = calls.map((c) => Date.parse(c.callTs));
    expect(times.filter((at) => at < from || at >= END.getTime() || at % 1000 !== 0)).toEqual([]);
    expect(times.filter((at, i) => i > 0 && at < (times[i - 1] as number))).toEqual([]);
  });

  test('peaks in New York business hours on weekdays', () => {
    const businessHours = share((c) => {
      const at = newYork(c);
      return at.weekday <= 5 && at.hour >= 9 && at.hour < 19;
    });
    expect(businessHours).toBeGreaterThan(0.6);
    expect(share((c) => newYork(c).hour < 6)).toBeLessThan(0.03);
    const perDay = new Map<string, number>();
    for (const c of calls) {
      const day = newYork(c).toISODate() as string;
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    const average = (weekend: boolean) => {
      const days = [...perDay].filter(([day]) => (DateTime.fromISO(day).weekday >= 6) === weekend).map(([, n]) => n);
      return days.reduce((a, b) => a + b, 0) / days.length;
    };
    expect(average(true)).toBeLessThan(average(false) / 2);
  });
});

describe('money and duration fit the disposition', () => {
  const billable = new Set(['Sales', 'Not Interested', 'Not Qualified', 'DWSPI', 'Callback', 'subsidy/incentivised']);

  test('calls that never connected have no target, buyer, time, money, transcript or recording', () => {
    const notConnected = calls.filter((c) => !c.connected);
    const empty = { durationSec: 0, revenueCents: 0, payoutCents: 0, targetName: null, buyerName: null, systemBuyerId: null, transcript: null, recordingUrl: null };
    expect(notConnected.filter((c) => Object.entries(empty).some(([key, value]) => c[key as keyof NormalisedCall] !== value))).toEqual([]);
  });

  test('sales are long and paid; voicemail and IVR are short and unpaid; payout stays under revenue', () => {
    const misfits = connected.filter((c) => {
      const status = statusOf(c);
      if (c.durationSec <= 0 || c.payoutCents > c.revenueCents) return true;
      if (c.revenueCents > 0 && !billable.has(status)) return true;
      if (status === 'Sales') return c.durationSec < 240 || c.revenueCents <= 0 || c.payoutCents <= 0;
      if (status === 'Voicemail' || status === 'IVR') return c.durationSec > 45 || c.revenueCents !== 0;
      return false;
    });
    expect(misfits).toEqual([]);
    const salesSeconds = connected.filter((c) => statusOf(c) === 'Sales').map((c) => c.durationSec);
    const hungupSeconds = connected.filter((c) => statusOf(c) === 'Hungup').map((c) => c.durationSec);
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
    expect(median(salesSeconds)).toBeGreaterThan(5 * median(hungupSeconds));
  });

  test('legal calls are worth more than insurance calls', () => {
    const averageRevenue = (pattern: RegExp) => {
      const paid = calls.filter((c) => statusOf(c) === 'Sales' && pattern.test(c.campaignName));
      return paid.reduce((sum, c) => sum + c.revenueCents, 0) / paid.length;
    };
    expect(averageRevenue(/^(Personal Injury|Truck Accident|Mass Tort) /)).toBeGreaterThan(3 * averageRevenue(/^(Auto Insurance|Dental & Vision) /));
  });
});

describe('fields', () => {
  test('every call is one the ingest endpoint accepts, and reads back the same', () => {
    const sample = calls.slice(0, 10_000);
    const readBack = sample.map((c) => validateIngestCall(asDelivered(c)));
    expect(readBack.flatMap((r) => r.errors)).toEqual([]);
    expect(readBack.map((r) => r.call)).toEqual(sample.map((c) => ({ ...c, recordingUrl: c.recordingUrl && `https://callboard.example${c.recordingUrl}` })));
  });

  test('caller ids are North American numbers, and some callers call again', () => {
    expect(calls.filter((c) => !/^\+1[2-9]\d{2}[2-9]\d{6}$/.test(c.callerId))).toEqual([]);
    const distinct = new Set(calls.map((c) => c.callerId)).size;
    expect(distinct).toBeLessThan(calls.length * 0.97);
    expect(distinct).toBeGreaterThan(calls.length * 0.9);
  });

  test('about a third of connected calls link one of the four demo recordings', () => {
    const linked = connected.filter((c) => c.recordingUrl !== null);
    expect(linked.length / connected.length).toBeGreaterThan(0.3);
    expect(linked.length / connected.length).toBeLessThan(0.37);
    expect(new Set(linked.map((c) => c.recordingUrl))).toEqual(new Set([1, 2, 3, 4].map((k) => `/recordings/demo-${k}.wav`)));
  });
});

// The generator's speed is measured by `npm run bench` (it seeds a million calls), not by a timed unit
// test: CPU time inside jest on a shared 2-core machine says more about the machine than the code.
test('generates exactly the number of calls asked for, across batches', () => {
  let total = 0;
  let batches = 0;
  for (const batch of generateDemoCalls({ calls: 25_001, days: 365, seed: 3, end: END })) {
    total += batch.length;
    batches += 1;
  }
  expect(total).toBe(25_001);
  expect(batches).toBeGreaterThan(1);
});
