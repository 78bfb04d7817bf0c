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
import { inNewYork, type IngestCall } from '@callboard/contract';
import type { DateTime } from 'luxon';
import type { NormalisedCall, NormalisedVerdict } from '../domain/calls/ingest-validation';

// ---------------------------------------------------------------------------
// Randomness

/** mulberry32: a tiny, fast 32-bit generator; plenty for synthetic data, and reproducible everywhere. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  reseed(seed: number): void {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

/** murmur3's 32-bit finaliser: a bijection, so distinct inputs keep distinct states. */
function fmix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** One well-spread state per (seed, stream, index): each call, and each of its independent parts, gets its own. */
function stateFor(seed: number, stream: number, index: number): number {
  return fmix32(fmix32(fmix32(seed + 0x9e3779b9) ^ stream) ^ index);
}

/** Index of the first cumulative weight above `u × total`. */
function pickCumulative(cumulative: Float64Array, u: number): number {
  const target = u * (cumulative[cumulative.length - 1] as number);
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((cumulative[mid] as number) > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function cumulativeOf(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    sum += w;
    out[i] = sum;
  });
  return out;
}

// ---------------------------------------------------------------------------
// The market

type Vertical = 'insurance' | 'home' | 'legal';

interface Product {
  name: string;
  vertical: Vertical;
  /** What a caller asks for, in their words. */
  need: string;
  /** What a buyer pays for a billable call, in dollars, before its own adjustment. */
  bid: number;
}

const PRODUCTS: Product[] = [
  { name: 'Medicare Advantage', vertical: 'insurance', need: 'Medicare Advantage plans', bid: 45 },
  { name: 'Medicare Supplement', vertical: 'insurance', need: 'a Medicare supplement plan', bid: 38 },
  { name: 'ACA Health', vertical: 'insurance', need: 'health insurance through the marketplace', bid: 40 },
  { name: 'Final Expense', vertical: 'insurance', need: 'final expense coverage', bid: 32 },
  { name: 'Auto Insurance', vertical: 'insurance', need: 'a quote on my car insurance', bid: 22 },
  { name: 'Home Insurance', vertical: 'insurance', need: 'homeowners insurance', bid: 26 },
  { name: 'Life Insurance', vertical: 'insurance', need: 'a term life policy', bid: 35 },
  { name: 'Dental & Vision', vertical: 'insurance', need: 'dental and vision coverage', bid: 18 },
  { name: 'HVAC Repair', vertical: 'home', need: 'my air conditioner, it stopped working', bid: 42 },
  { name: 'Plumbing', vertical: 'home', need: 'a leaking pipe under the kitchen sink', bid: 35 },
  { name: 'Roofing', vertical: 'home', need: 'a roof inspection after the storm', bid: 65 },
  { name: 'Solar', vertical: 'home', need: 'putting solar panels on my house', bid: 80 },
  { name: 'Pest Control', vertical: 'home', need: 'termites in the garage', bid: 28 },
  { name: 'Water Damage', vertical: 'home', need: 'water in my basement after the rain', bid: 95 },
  { name: 'Window Replacement', vertical: 'home', need: 'replacing the windows in my house', bid: 55 },
  { name: 'Home Security', vertical: 'home', need: 'a home security system', bid: 45 },
  { name: 'Bath Remodel', vertical: 'home', need: 'remodeling my bathroom', bid: 70 },
  { name: 'Garage Door', vertical: 'home', need: "a garage door that won't open", bid: 30 },
  { name: 'Personal Injury', vertical: 'legal', need: 'a slip and fall at a grocery store', bid: 240 },
  { name: 'Auto Accident', vertical: 'legal', need: 'a car accident I was in last month', bid: 180 },
  { name: 'Truck Accident', vertical: 'legal', need: 'an accident with a semi truck', bid: 320 },
  { name: 'Workers Comp', vertical: 'legal', need: 'an injury I got at work', bid: 150 },
  { name: 'SSDI', vertical: 'legal', need: 'applying for disability benefits', bid: 110 },
  { name: 'Mass Tort', vertical: 'legal', need: 'a lawsuit about a medication I took', bid: 380 },
  { name: 'Bankruptcy', vertical: 'legal', need: 'filing for bankruptcy', bid: 85 },
  { name: 'Criminal Defense', vertical: 'legal', need: 'a DUI charge', bid: 120 },
  { name: 'Employment Law', vertical: 'legal', need: 'being fired after I reported my manager', bid: 140 },
  { name: 'Medical Malpractice', vertical: 'legal', need: 'a surgery that went wrong', bid: 260 },
];

const CHANNELS = ['Inbound TV', 'Search', 'Social', 'Native', 'Radio', 'CTV', 'Direct Mail', 'Display', 'Spanish', 'Email'];

const PLACES = [
  'Summit', 'Keystone', 'Harbor', 'Pinnacle', 'Evergreen', 'Bluewater', 'Ironwood', 'Crescent', 'Northstar', 'Meridian',
  'Cardinal', 'Granite', 'Lakeshore', 'Redwood', 'Silverline', 'Beacon', 'Heritage', 'Prairie', 'Coastal', 'Frontier',
  'Magnolia', 'Sterling', 'Oakridge', 'Ridgeline', 'Clearview', 'Patriot', 'Horizon', 'Liberty Bay', 'Palmetto', 'Cascade',
  'Bayside', 'Copperline', 'Driftwood', 'Fairhaven', 'Glenwood', 'Hillcrest', 'Juniper', 'Kingsley', 'Lighthouse', 'Millbrook',
  'Northgate', 'Old Mill', 'Pioneer', 'Riverbend', 'Stonegate', 'Tidewater', 'Union Square', 'Westfield', 'Willow Creek', 'Sunrise',
];
const BUYER_SUFFIXES: Record<Vertical, string[]> = {
  insurance: ['Insurance Group', 'Health Partners', 'Benefits', 'Insurance Agency', 'Senior Benefits', 'Coverage Group', 'Life & Health'],
  home: ['Home Services', 'Heating & Air', 'Plumbing & Drain', 'Roofing & Exteriors', 'Home Pros', 'Restoration', 'Energy'],
  legal: ['Injury Law', 'Law Group', 'LLP', 'Trial Lawyers', 'Legal'],
};
const SURNAMES = [
  'Morgan', 'Whitaker', 'Delgado', 'Feldman', 'Okafor', 'Brennan', 'Castillo', 'Goldberg', 'Hayes', 'Iverson',
  'Kaplan', 'Lombardi', 'Mercer', 'Nguyen', 'Patel', 'Quinn', 'Rosen', 'Sullivan', 'Thornton', 'Vance',
];
const SITES = ['Overflow', 'Tampa Center', 'Phoenix Center', 'Dallas Team', 'After Hours', 'Spanish Line', 'Intake East', 'Intake West', 'Priority Queue'];
const PUBLISHER_PREFIXES = [
  'Apex', 'Blue Ocean', 'BrightPath', 'CallForge', 'Clickwise', 'Digital Harbor', 'Direct Response', 'Echo', 'Elevate', 'FirstCall',
  'Fusion', 'Greenlight', 'Highline', 'Inbound', 'Jetstream', 'Kinetic', 'Lead Genius', 'Lumen', 'Momentum', 'Nexus',
  'Orbit', 'Peak', 'Pulse', 'Quantum', 'Rally', 'RingLeader', 'Signal', 'Spark', 'Tandem', 'True North',
  'Upland', 'Vantage', 'Velocity', 'Vista', 'Wavelength', 'Yellowstone', 'Zenith', 'Crowncall', 'Ember', 'Switchboard',
];
const PUBLISHER_SUFFIXES = ['Media', 'Leads', 'Marketing', 'Digital', 'Ventures', 'Partners', 'Group', 'Networks', 'Interactive', 'Performance', 'Media LLC', 'Inc'];

export const DEMO_WORLD_SIZE = { campaigns: 40, publishers: 200, targets: 100, buyers: 60 } as const;
const BUYERS_BY_VERTICAL: Record<Vertical, number> = { insurance: 24, home: 20, legal: 16 };
const TARGETS_BY_VERTICAL: Record<Vertical, number> = { insurance: 40, home: 34, legal: 26 };
const VERTICALS: Vertical[] = ['insurance', 'home', 'legal'];

export interface DemoBuyer {
  name: string;
  systemBuyerId: string;
  vertical: Vertical;
}

export interface DemoTarget {
  name: string;
  buyer: DemoBuyer;
}

interface Route {
  target: DemoTarget;
  revenueCents: number;
}

export interface DemoCampaign {
  name: string;
  product: Product;
  /** Seconds a call must last before the buyer pays for it. */
  bufferSec: number;
  routes: Route[];
  routeWeights: Float64Array;
}

export interface DemoPublisher {
  name: string;
  systemPublisherId: string;
  campaigns: DemoCampaign[];
  campaignWeights: Float64Array;
  /** 0 (poor traffic) to 1 (clean traffic): shifts the disposition mix. */
  quality: number;
  /** Share of the buyer's price this publisher is paid. */
  payoutShare: number;
  /** Cumulative outcome weights in business hours [0] and outside them [1]. */
  outcomes: [Float64Array, Float64Array];
}

export interface DemoWorld {
  campaigns: DemoCampaign[];
  publishers: DemoPublisher[];
  targets: DemoTarget[];
  buyers: DemoBuyer[];
  publisherWeights: Float64Array;
}

function uniqueNames(count: number, make: () => string): string[] {
  const names = new Set<string>();
  while (names.size < count) names.add(make());
  return [...names];
}

function shuffled<T>(items: readonly T[], rng: Prng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rng.next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

// The market is the same for every seed: seeds add calls, not new names.
const WORLD_SEED = 20_240_611;
let world: DemoWorld | undefined;

/** The demo market, built once. */
export function demoWorld(): DemoWorld {
  world ??= buildWorld(new Prng(WORLD_SEED));
  return world;
}

function buildWorld(rng: Prng): DemoWorld {
  const buyers: DemoBuyer[] = [];
  const targets: DemoTarget[] = [];
  const targetsOf = new Map<Vertical, DemoTarget[]>();
  for (const vertical of VERTICALS) {
    // No two buyers share a leading word: "Summit …" is one company.
    const firsts = shuffled(vertical === 'legal' ? SURNAMES : PLACES.filter((p) => !buyers.some((b) => b.name.startsWith(`${p} `))), rng);
    const names = firsts.slice(0, BUYERS_BY_VERTICAL[vertical]).map((first) =>
      vertical === 'legal'
        ? `${first}${rng.chance(0.5) ? ` & ${rng.pick(SURNAMES.filter((s) => s !== first))}` : ''} ${rng.pick(BUYER_SUFFIXES.legal)}`
        : `${first} ${rng.pick(BUYER_SUFFIXES[vertical])}`,
    );
    const verticalBuyers = names.map((name) => {
      const buyer: DemoBuyer = { name, systemBuyerId: `BUY-${1001 + buyers.length}`, vertical };
      buyers.push(buyer);
      return buyer;
    });
    // Every buyer has a main line; the rest of the vertical's targets go to random buyers, at most three each.
    const perBuyer = verticalBuyers.map(() => 1);
    for (let extra = TARGETS_BY_VERTICAL[vertical] - verticalBuyers.length; extra > 0; ) {
      const i = Math.floor(rng.next() * perBuyer.length);
      if ((perBuyer[i] as number) < 3) {
        perBuyer[i] = (perBuyer[i] as number) + 1;
        extra -= 1;
      }
    }
    const list: DemoTarget[] = [];
    verticalBuyers.forEach((buyer, i) => {
      const sites = ['Main Line', ...shuffled(SITES, rng)].slice(0, perBuyer[i]);
      for (const site of sites) list.push({ name: `${buyer.name} - ${site}`, buyer });
    });
    targetsOf.set(vertical, list);
    targets.push(...list);
  }

  const campaigns: DemoCampaign[] = [];
  const channelsUsed = new Map<Product, Set<string>>();
  for (let i = 0; i < DEMO_WORLD_SIZE.campaigns; i += 1) {
    const product = PRODUCTS[i % PRODUCTS.length] as Product;
    const used = channelsUsed.get(product) ?? new Set<string>();
    channelsUsed.set(product, used);
    let channel = rng.pick(CHANNELS);
    while (used.has(channel)) channel = rng.pick(CHANNELS);
    used.add(channel);
    const buffers = { insurance: [90, 120], home: [60, 90], legal: [120, 180] }[product.vertical];
    campaigns.push({ name: `${product.name} - ${channel}`, product, bufferSec: rng.pick(buffers), routes: [], routeWeights: new Float64Array(0) });
  }
  // A campaign routes to two to four targets of its vertical; every target gets at least one campaign.
  const routeWeights = new Map<DemoCampaign, number[]>();
  const addRoute = (campaign: DemoCampaign, target: DemoTarget, weight: number) => {
    const revenueCents = Math.round(campaign.product.bid * (0.8 + 0.45 * rng.next())) * 100;
    campaign.routes.push({ target, revenueCents });
    routeWeights.set(campaign, [...(routeWeights.get(campaign) ?? []), weight]);
  };
  for (const campaign of campaigns) {
    const pool = shuffled(targetsOf.get(campaign.product.vertical) ?? [], rng);
    pool.slice(0, rng.int(2, 4)).forEach((target, i) => addRoute(campaign, target, (i === 0 ? 3 : 1) * (1 + rng.next())));
  }
  for (const target of targets) {
    if (campaigns.some((c) => c.routes.some((r) => r.target === target))) continue;
    const candidates = campaigns.filter((c) => c.product.vertical === target.buyer.vertical && c.routes.length < 5);
    addRoute(rng.pick(candidates), target, 0.5 + rng.next());
  }
  for (const campaign of campaigns) campaign.routeWeights = cumulativeOf(routeWeights.get(campaign) ?? []);

  const publisherNames = uniqueNames(DEMO_WORLD_SIZE.publishers, () => `${rng.pick(PUBLISHER_PREFIXES)} ${rng.pick(PUBLISHER_SUFFIXES)}`);
  const campaignsOf = (vertical: Vertical) => campaigns.filter((c) => c.product.vertical === vertical);
  const publishers: DemoPublisher[] = publisherNames.map((name, i) => {
    const vertical: Vertical = rng.chance(0.45) ? 'insurance' : rng.chance(0.64) ? 'home' : 'legal';
    const roll = rng.next();
    const count = roll < 0.3 ? 1 : roll < 0.65 ? 2 : roll < 0.87 ? 3 : 4;
    const works: DemoCampaign[] = [];
    while (works.length < count) {
      const campaign = rng.pick(rng.chance(0.85) ? campaignsOf(vertical) : campaigns);
      if (!works.includes(campaign)) works.push(campaign);
    }
    const quality = rng.chance(0.2) ? 0.15 + 0.4 * rng.next() : 0.65 + 0.35 * rng.next();
    return {
      name,
      systemPublisherId: `PUB-${1001 + i}`,
      campaigns: works,
      campaignWeights: new Float64Array(0),
      quality,
      payoutShare: 0.55 + 0.25 * rng.next(),
      outcomes: [outcomeWeights(quality, false), outcomeWeights(quality, true)],
    };
  });
  for (const campaign of campaigns) {
    if (publishers.some((p) => p.campaigns.includes(campaign))) continue;
    const candidates = publishers.filter((p) => p.campaigns.length < 4 && p.campaigns[0]?.product.vertical === campaign.product.vertical);
    rng.pick(candidates).campaigns.push(campaign);
  }
  for (const publisher of publishers) {
    publisher.campaignWeights = cumulativeOf(publisher.campaigns.map((_, i) => (i === 0 ? 1 : 0.2 + 0.6 * rng.next())));
  }
  // A few publishers bring most of the calls (Zipf-like), as in any affiliate network.
  const publisherWeights = cumulativeOf(publishers.map((_, i) => 1 / (i + 2) ** 1.1));
  return { campaigns, publishers, targets, buyers, publisherWeights };
}

// ---------------------------------------------------------------------------
// Outcomes: the 14 dispositions, odd bot answers, and calls that never connected

enum Outcome {
  Sales,
  NotInterested,
  NotQualified,
  Dnc,
  Voicemail,
  TechIssues,
  Dwspi,
  Unresponsive,
  Hungup,
  Callback,
  Ivr,
  Subsidy,
  LanguageBarrier,
  Misdialed,
  Odd,
  NoConnect,
}

const DISPOSITION_OF: readonly string[] = [
  'Sales', 'Not Interested', 'Not Qualified', 'DNC', 'Voicemail', 'Tech Issues', 'DWSPI', 'Unresponsive', 'Hungup',
  'Callback', 'IVR', 'subsidy/incentivised', 'Language Barrier', 'Misdialed',
];

/** Percent of all calls for a typical publisher in business hours. */
const BASE_MIX = [13.5, 18.5, 10, 4, 13.5, 2, 3, 4, 8, 5, 6, 2, 2.5, 2.5, 1.5, 4];

/** What the QC bot sometimes answers that is none of the 14: counted as Rejected / Unknown. */
export const ODD_STATUSES = ['Transferred', 'Duplicate', 'Needs Review', 'N/A', 'Wrong Vertical', 'Agent Error'];

function outcomeWeights(quality: number, offHours: boolean): Float64Array {
  const q = quality;
  const weights = BASE_MIX.map((w, index) => {
    const outcome = index as Outcome;
    let k = 1;
    switch (outcome) {
      case Outcome.Sales: k = 0.4 + 0.8 * q; break;
      case Outcome.NotQualified: k = 1.6 - 0.6 * q; break;
      case Outcome.Dnc: k = 2.2 - 1.4 * q; break;
      case Outcome.Hungup: k = 2 - 1.2 * q; break;
      case Outcome.Misdialed: k = 2 - q; break;
      case Outcome.Subsidy: k = 3 - 2.5 * q; break;
      case Outcome.Odd:
      case Outcome.NoConnect: k = 2.5 - 2 * q; break;
      default: break;
    }
    if (offHours) {
      if (outcome === Outcome.Voicemail) k *= 1.8;
      if (outcome === Outcome.Ivr || outcome === Outcome.Callback) k *= 1.3;
      if (outcome === Outcome.Sales) k *= 0.7;
    }
    return w * k;
  });
  return cumulativeOf(weights);
}

/** [shortest, longest] seconds of a connected call with this outcome. */
const DURATION: ReadonlyArray<readonly [number, number]> = [
  [240, 1800], [15, 300], [45, 480], [5, 60], [8, 40], [3, 120], [30, 420], [10, 75], [3, 60], [30, 240], [8, 45],
  [45, 480], [15, 120], [3, 30], [5, 300], [0, 0],
];

/** Outcomes a buyer pays for once the call passes the campaign's buffer; Sales always pass it. */
const BILLABLE = new Set<Outcome>([Outcome.Sales, Outcome.NotInterested, Outcome.NotQualified, Outcome.Dwspi, Outcome.Callback, Outcome.Subsidy]);

function durationOf(outcome: Outcome, rng: Prng): number {
  const [min, max] = DURATION[outcome] as readonly [number, number];
  if (max === 0) return 0;
  // Peaked in the middle of the range on a log scale, like real call lengths.
  const position = (rng.next() + rng.next()) / 2;
  return Math.round(min * (max / min) ** position);
}

// ---------------------------------------------------------------------------
// Time: hour slots weighted by New York business hours

/** Relative call volume by New York hour, on a weekday. */
const WEEKDAY_HOURS = [0.15, 0.1, 0.08, 0.07, 0.08, 0.15, 0.35, 0.8, 1.8, 3.4, 4.2, 4.5, 4.2, 4.3, 4.4, 4.2, 3.9, 3.4, 2.8, 2.2, 1.4, 0.9, 0.55, 0.3];
const WEEKEND_HOURS = WEEKDAY_HOURS.map((w, hour) => (hour >= 9 && hour < 19 ? w * 0.5 : w * 0.9));
const SATURDAY = 0.5;
const SUNDAY = 0.3;

interface Timeline {
  start: number;
  cumulative: Float64Array;
  offHours: Uint8Array;
}

function isHoliday(day: DateTime): boolean {
  const md = day.month * 100 + day.day;
  if (md === 101 || md === 704 || md === 1225) return true;
  return day.month === 11 && day.weekday === 4 && day.day >= 22 && day.day <= 28; // Thanksgiving
}

function buildTimeline(seed: number, days: number, end: number): Timeline {
  const slots = days * 24;
  const start = end - slots * 3_600_000;
  const cumulative = new Float64Array(slots);
  const offHours = new Uint8Array(slots);
  const dayFactor = new Map<number, number>();
  let sum = 0;
  for (let slot = 0; slot < slots; slot += 1) {
    const at = inNewYork(start + slot * 3_600_000 + 1_800_000);
    const weekend = at.weekday >= 6;
    const dayKey = at.year * 10_000 + at.month * 100 + at.day;
    let factor = dayFactor.get(dayKey);
    if (factor === undefined) {
      // Busy and quiet days, holidays, and a business that grows a little over the period.
      const noise = 0.8 + 0.4 * (fmix32(seed ^ fmix32(dayKey)) / 4294967296);
      factor = noise * (isHoliday(at) ? 0.35 : 1) * (weekend ? (at.weekday === 6 ? SATURDAY : SUNDAY) : 1);
      dayFactor.set(dayKey, factor);
    }
    const growth = 0.9 + 0.2 * (slot / slots);
    sum += ((weekend ? WEEKEND_HOURS : WEEKDAY_HOURS)[at.hour] as number) * factor * growth;
    cumulative[slot] = sum;
    offHours[slot] = weekend || at.hour < 9 || at.hour >= 19 ? 1 : 0;
  }
  return { start, cumulative, offHours };
}

// ---------------------------------------------------------------------------
// People, numbers and words

const AGENTS = ['Maria', 'James', 'Keisha', 'Daniel', 'Priya', 'Carlos', 'Megan', 'Tyrone', 'Ashley', 'Kevin', 'Rosa', 'Brian', 'Jasmine', 'Eric', 'Linda', 'Marcus'];
const CALLERS = ['Robert', 'Patricia', 'Michael', 'Barbara', 'William', 'Dorothy', 'Richard', 'Gloria', 'Joseph', 'Shirley', 'Charles', 'Deborah', 'Thomas', 'Yolanda', 'Luis', 'Brenda', 'Gary', 'Tanya', 'Frank', 'Denise'];
const AREA_CODES = [
  '201', '205', '212', '214', '216', '303', '305', '312', '313', '314', '317', '404', '407', '410', '412', '415', '469', '480',
  '502', '504', '512', '513', '516', '520', '551', '561', '571', '585', '601', '602', '614', '615', '617', '619', '646', '702',
  '704', '713', '716', '718', '727', '732', '757', '770', '773', '786', '804', '813', '817', '832', '843', '901', '904', '910',
  '917', '919', '937', '941', '954', '973',
];

/** A North American number in E.164: +1, an area code in use, an exchange that is not N11 or 555. */
function phoneNumber(rng: Prng): string {
  let exchange = rng.int(200, 999);
  while (exchange % 100 === 11 || exchange === 555) exchange = rng.int(200, 999);
  return `+1${rng.pick(AREA_CODES)}${exchange}${String(rng.int(0, 9999)).padStart(4, '0')}`;
}

interface VerticalScript {
  greet(buyer: string, agent: string): string;
  qualify: string[];
  answer: string[];
  offer: string[];
  close: string[];
  saleSubs: string[];
  saleDone: string;
  /** [sub_disposition, the caller's line, the reason]. */
  notQualified: Array<[string, string, string]>;
}

const SCRIPTS: Record<Vertical, VerticalScript> = {
  insurance: {
    greet: (b, a) => `Thank you for calling ${b}, my name is ${a} and I'm a licensed agent. Who am I speaking with?`,
    qualify: ['Happy to help. Can you confirm your ZIP code and date of birth?', 'Sure. Are you currently covered by any plan, and what ZIP code are you in?'],
    answer: ["It's 33612, and I was born in March of '57.", "I'm in 85032. I had a plan through work but I retired in June."],
    offer: ['I found two plans in your area with a zero dollar premium, and one includes dental.', 'There is a plan here that keeps your doctors in network and lowers your copays.'],
    close: ["I've submitted your application. You'll get a confirmation letter within ten days.", "You're all set. Your coverage starts on the first of next month."],
    saleSubs: ['Enrolled', 'Application submitted', 'Policy issued'],
    saleDone: 'enrolled the caller in a plan',
    notQualified: [
      ['Has employer coverage', 'I actually have coverage through my job already.', 'Caller already has employer-sponsored coverage.'],
      ['Outside licensed states', "I'm calling from Puerto Rico, is that okay?", 'Caller is outside the states the agency is licensed in.'],
      ['Age requirement not met', "I'm 58, does that matter?", 'Caller does not meet the age requirement.'],
      ['No payment method', "I don't have a bank account or a card.", 'Caller has no way to pay the premium.'],
    ],
  },
  home: {
    greet: (b, a) => `Thanks for calling ${b}, this is ${a}. What can we help you with today?`,
    qualify: ['We can get someone out there. Do you own the home, and what is the address?', 'Sure thing. Is this your own house, and how soon do you need someone?'],
    answer: ["Yes, I own it. It's on Maple Street.", "It's my house, and as soon as possible please."],
    offer: ['A technician is free tomorrow morning. The service call is $79, waived if you go ahead with the work.', 'We can do a free estimate this week. Would Thursday afternoon work?'],
    close: ["You're booked for tomorrow between 8 and 10 a.m. The technician will call 30 minutes ahead.", "Thursday at 2 p.m. is confirmed. You'll get a text reminder."],
    saleSubs: ['Appointment booked', 'Estimate scheduled', 'Job sold'],
    saleDone: 'booked a visit',
    notQualified: [
      ['Renter', "I'm renting, the landlord doesn't know I'm calling.", 'Caller is a renter, not the homeowner.'],
      ['Outside service area', "I'm out in the county, about 60 miles from the city.", 'Address is outside the service area.'],
      ['Commercial property', "It's for the restaurant I manage.", 'Commercial job; the buyer takes residential work only.'],
      ['Job too small', "I just need one part, I'll put it in myself.", "Job is below the buyer's minimum."],
    ],
  },
  legal: {
    greet: (b, a) => `${b}, this is ${a} with the intake team. Are you calling about a possible case?`,
    qualify: ["I'm sorry to hear that. When did it happen, and did you get medical treatment?", 'I understand. Was anyone else involved, and was a report filed?'],
    answer: ['About three weeks ago. I went to urgent care the same day.', 'Yes, the police came and wrote a report. My back still hurts.'],
    offer: ['From what you told me you may have a case. An attorney can review it at no cost to you.', 'This is the kind of case our attorneys take on, and there is no fee unless we win.'],
    close: ["I've sent the retainer to your email. An attorney will call you today.", 'Your consultation is set for tomorrow at 10. Please bring any medical records.'],
    saleSubs: ['Retainer signed', 'Consultation booked', 'Case accepted'],
    saleDone: 'signed the caller up for a consultation',
    notQualified: [
      ['Already represented', 'I already have a lawyer, but he never calls me back.', 'Caller is already represented by counsel.'],
      ['Statute of limitations', 'This was back in 2016.', 'Incident is outside the statute of limitations.'],
      ['No injury or treatment', "I wasn't hurt, I just want the car fixed.", 'No injury and no medical treatment.'],
      ['Outside practice area', "It's about my divorce, actually.", "The matter is outside the firm's practice area."],
    ],
  },
};

interface Script {
  lines: string[] | null;
  disposition: string | null;
  sub: string | null;
  reason: string | null;
  summary: string | null;
}

interface Scene {
  rng: Prng;
  outcome: Outcome;
  script: VerticalScript;
  need: string;
  product: string;
  buyer: string;
  agent: string;
  caller: string;
}

const agentSays = (text: string) => `Agent: ${text}`;
const callerSays = (text: string) => `Caller: ${text}`;

/** The transcript and the QC bot's verdict for one call. */
function scriptFor(s: Scene): Script {
  const { rng, script: v } = s;
  const greet = agentSays(v.greet(s.buyer, s.agent));
  const ask = callerSays(`Hi, this is ${s.caller}. I'm calling about ${s.need}.`);
  const verdict = (lines: string[], sub: string | null, reason: string, summary: string): Script => ({
    lines,
    disposition: s.outcome === Outcome.Odd ? rng.pick(ODD_STATUSES) : (DISPOSITION_OF[s.outcome] as string),
    sub,
    reason,
    summary,
  });
  switch (s.outcome) {
    case Outcome.Sales: {
      const sub = rng.pick(v.saleSubs);
      return verdict(
        [greet, ask, agentSays(rng.pick(v.qualify)), callerSays(rng.pick(v.answer)), agentSays(rng.pick(v.offer)), callerSays("That sounds good, let's do it."), agentSays(rng.pick(v.close)), callerSays('Thank you so much.')],
        sub,
        `Caller qualified and ${v.saleDone} (${sub.toLowerCase()}).`,
        `${s.caller} called about ${s.need}. ${s.agent} qualified them and ${v.saleDone}; the caller agreed to next steps.`,
      );
    }
    case Outcome.NotInterested: {
      const sub = rng.chance(0.4) ? rng.pick(['Price shopping', 'Already has a provider', 'Changed mind']) : null;
      return verdict(
        [greet, ask, agentSays(rng.pick(v.offer)), callerSays(rng.pick(["I'm just looking around for now.", "That's more than I wanted to spend.", "I think I'll keep what I have."])), agentSays('No problem, feel free to call us back anytime.')],
        sub,
        'Caller declined the offer after hearing the details.',
        `${s.caller} asked about ${s.need} but declined once ${s.agent} explained the offer.`,
      );
    }
    case Outcome.NotQualified: {
      const [sub, line, reason] = rng.pick(v.notQualified);
      return verdict(
        [greet, ask, agentSays(rng.pick(v.qualify)), callerSays(line), agentSays("I'm sorry, we aren't able to help with that one.")],
        sub,
        reason,
        `${s.caller} called about ${s.need}. ${reason}`,
      );
    }
    case Outcome.Dnc:
      return verdict(
        [greet, callerSays(rng.pick(['Take me off your list. Stop calling me.', 'I never asked for this, put me on your do not call list.'])), agentSays("I'm sorry about that. I've removed your number.")],
        rng.chance(0.5) ? rng.pick(['Requested removal', 'Threatened complaint']) : null,
        'Caller asked to be placed on the do-not-call list.',
        `${s.caller} asked not to be contacted again; ${s.agent} confirmed the removal.`,
      );
    case Outcome.Voicemail:
      return verdict(
        [`System: You've reached ${s.buyer}. All of our agents are busy or our office is closed. Please leave a message after the tone.`, '[tone]', callerSays(`Hi, I'm calling about ${s.need}. Please call me back.`)],
        null,
        "The call reached the buyer's voicemail; no live agent.",
        `The call went to ${s.buyer}'s voicemail and the caller left a short message.`,
      );
    case Outcome.TechIssues:
      return verdict(
        [greet, '[inaudible]', agentSays("Hello? I'm sorry, you're breaking up."), callerSays('Can you hear me? Hello?'), '[call dropped]'],
        rng.chance(0.7) ? rng.pick(['One-way audio', 'Dropped transfer', 'Static on the line']) : null,
        'Audio problems prevented a conversation.',
        `Poor audio on the line; ${s.agent} and the caller could not hear each other.`,
      );
    case Outcome.Dwspi:
      return verdict(
        [greet, ask, agentSays(rng.pick(v.qualify)), callerSays('Let me just find my paperwork, one sec.'), '[call disconnected]'],
        null,
        'Call disconnected while the caller was speaking with the agent.',
        `${s.caller} was talking with ${s.agent} about ${s.need} when the call disconnected.`,
      );
    case Outcome.Unresponsive:
      return verdict(
        [greet, '[silence]', agentSays('Hello? Is anyone there?'), '[silence]', agentSays("I can't hear anyone, I'm going to release the line.")],
        null,
        'No response from the caller.',
        `${s.agent} answered but nobody spoke on the caller's side.`,
      );
    case Outcome.Hungup: {
      const target = rng.chance(0.7);
      return verdict(
        target
          ? [greet, ask, agentSays("Oh, we don't handle that here."), '[agent disconnected]']
          : [greet, callerSays('Hold on, I have another call coming in—'), '[caller disconnected]'],
        target ? 'Target hung up' : 'Caller hung up',
        target ? "The buyer's agent ended the call early." : 'The caller hung up before the agent could help.',
        target ? `${s.agent} hung up on ${s.caller} shortly after the greeting.` : `${s.caller} hung up during the greeting.`,
      );
    }
    case Outcome.Callback:
      return verdict(
        [greet, ask, callerSays("Actually, I can't talk right now. Can you call me back tomorrow afternoon?"), agentSays("Of course. I've scheduled a callback for tomorrow at 2.")],
        rng.chance(0.7) ? rng.pick(['Callback scheduled', 'Caller busy']) : null,
        'Caller asked to be called back later.',
        `${s.caller} asked ${s.agent} for a callback about ${s.need}.`,
      );
    case Outcome.Ivr:
      return verdict(
        [`IVR: Thank you for calling ${s.buyer}. For new customers, press 1. For existing customers, press 2.`, '[caller pressed 1]', 'IVR: Please hold while we connect you.', '[call ended in queue]'],
        null,
        'The call stayed in the automated menu and never reached a person.',
        `The caller went through ${s.buyer}'s phone menu and ended the call while on hold.`,
      );
    case Outcome.Subsidy:
      return verdict(
        [greet, callerSays(rng.pick(['The ad said I get a $500 gift card for calling. How do I claim it?', 'I was told I qualify for a free grocery card, is that you?'])), agentSays("I'm sorry, there's no gift for calling us."), callerSays("Then I'm not interested.")],
        null,
        'Caller was motivated by an incentive rather than the product.',
        `${s.caller} called for a promised incentive, not for ${s.product.toLowerCase()}.`,
      );
    case Outcome.LanguageBarrier:
      return verdict(
        [greet, callerSays(rng.pick(['Hola, ¿hay alguien que hable español?', 'Xin chào, tôi không nói tiếng Anh giỏi.', 'Bonjour, je ne parle pas bien anglais.'])), agentSays("I'm sorry, we don't have an agent for that language right now.")],
        null,
        'Caller and agent had no language in common.',
        `${s.agent} could not help ${s.caller}: no agent spoke the caller's language.`,
      );
    case Outcome.Misdialed:
      return verdict(
        [greet, callerSays(rng.pick(['Oh, sorry, I was trying to reach my pharmacy.', 'Is this the bank? Sorry, wrong number.']))],
        null,
        'Caller dialed the wrong number.',
        `${s.caller} reached ${s.buyer} by mistake and ended the call.`,
      );
    case Outcome.Odd:
      return verdict(
        [greet, ask, agentSays('Let me transfer you to the right department, please hold.'), '[transfer]'],
        null,
        'The QC result did not match a standard disposition.',
        `${s.caller} asked about ${s.need}; ${s.agent} transferred the call.`,
      );
    case Outcome.NoConnect: {
      // Nothing to listen to: the bot gives a verdict on most of them and skips the rest.
      const roll = rng.next();
      if (roll < 0.3) return { lines: null, disposition: null, sub: null, reason: null, summary: null };
      const abandoned = roll < 0.75;
      return {
        lines: null,
        disposition: abandoned ? 'Unresponsive' : 'Tech Issues',
        sub: abandoned ? 'Abandoned before connect' : rng.pick(['No buyer available', 'Routing failure']),
        reason: 'The call never connected to a buyer.',
        summary: abandoned ? 'The caller hung up while the call was being routed.' : 'No target accepted the call.',
      };
    }
  }
}

// ---------------------------------------------------------------------------
// The generator

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
