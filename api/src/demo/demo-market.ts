/**
 * The demo market, built from the catalogue with the structure of a real one:
 * a publisher works a few campaigns, a campaign routes to a few targets, a
 * target belongs to one buyer. It is the same for every seed.
 */
import {
  BUYER_SUFFIXES,
  BUYERS_BY_VERTICAL,
  CHANNELS,
  DEMO_WORLD_SIZE,
  PLACES,
  PRODUCTS,
  PUBLISHER_PREFIXES,
  PUBLISHER_SUFFIXES,
  SITES,
  SURNAMES,
  TARGETS_BY_VERTICAL,
  VERTICALS,
  type Product,
  type Vertical,
} from './market-catalogue';
import { outcomeWeights } from './outcomes';
import { Prng, cumulativeOf } from './prng';

export interface DemoBuyer {
  name: string;
  systemBuyerId: string;
  vertical: Vertical;
}

export interface DemoTarget {
  name: string;
  buyer: DemoBuyer;
}

export interface Route {
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
