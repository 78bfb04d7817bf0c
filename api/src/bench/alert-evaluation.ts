/**
 * The alerts part of the bench (`--only alerts`; issue 36: "200 rules evaluate in ≤ 1 s at 1M calls"), in-process
 * on the seeded database: 200 rules of every scope, metric, window and condition are made, judged once a minute
 * for `runs` consecutive minutes (each minute's evaluation timed whole: the reads, the state steps, the writes),
 * then previewed, and removed again.
 */
import { ALERT_METRICS, ALERT_WINDOW_MINUTES, ALERT_WINDOWS, defaultMinCalls, type AlertCondition } from '@callboard/contract/alerts';
import type { Database } from '../db/database';
import { evaluateAlerts, type AlertDeliveries } from '../domain/alerts/alert-evaluation';
import { previewAlert } from '../domain/alerts/alert-preview';
import type { AlertSpec } from '../domain/alerts/alert-spec';
import { alertsRepository, type RuleFields } from '../domain/alerts/alerts-repository';
import type { BenchRow } from './report';
import { summarise, timeRuns, type Summary } from './timing';
import { ensureTeamAccounts } from './team-load';

export const BENCH_ALERT_RULES = 200;
const NAME_PREFIX = 'bench alert ';
const MINUTE_MS = 60_000;

type Record = (section: string, name: string, unit: BenchRow['unit'], value: string, target?: string) => void;

/** The bench's rules tell nobody (no subscriber, no endpoint): their deliveries are never asked for. */
const NOBODY: AlertDeliveries = {
  deliverToUser: () => Promise.reject(new Error('a bench rule has no subscriber')),
  deliverToEndpoint: () => Promise.reject(new Error('a bench rule has no endpoint')),
};

/** A small seeded generator, so every run makes the same rules. */
function picker(seed: number) {
  let state = seed;
  const next = () => (state = (state * 16_807) % 2_147_483_647) / 2_147_483_647;
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}

/**
 * The rules: scopes as a network watches itself (a tenth the network, most one or two of the busiest publishers,
 * campaigns or buyers, some a view of statuses and connection, two a caller-id search that reads its own counts),
 * every metric and window, a third comparing with a week earlier.
 */
async function benchRules(db: Database): Promise<RuleFields[]> {
  const busiest = async (column: string) =>
    (await db.query<{ id: number }>(`SELECT ${column} AS id FROM calls WHERE call_ts > now() - interval '30 days' AND ${column} IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 20`)).map((r) => Number(r.id));
  const sources = { publisher: await busiest('publisher_id'), campaign: await busiest('campaign_id'), buyer: await busiest('buyer_id') };
  const random = picker(36);
  return Array.from({ length: BENCH_ALERT_RULES }, (_, i) => {
    const roll = random.next();
    const param = random.pick(['publisher', 'publisher', 'campaign', 'buyer'] as const);
    const ids = sources[param].length > 0 ? [random.pick(sources[param]), ...(random.next() < 0.3 ? [random.pick(sources[param])] : [])] : [];
    const scopeQuery =
      roll < 0.1 || ids.length === 0
        ? ''
        : roll < 0.85
          ? `${param}=${[...new Set(ids)].join(',')}`
          : i % 40 === 0
            ? 'search=555'
            : `status=Voicemail,Hungup&connected=true&${param}=${ids[0]}`;
    const metric = random.pick(ALERT_METRICS);
    const condition: AlertCondition = random.next() < 0.33 ? random.pick(['up', 'down'] as const) : metric === 'volume' ? 'below' : 'above';
    const threshold = condition === 'above' ? 30 : condition === 'below' ? 1 : 50;
    return {
      name: `${NAME_PREFIX}${i + 1}`,
      metric,
      scopeKind: scopeQuery === '' ? 'network' : 'sources',
      scopeQuery,
      viewId: null,
      viewName: null,
      windowMinutes: ALERT_WINDOW_MINUTES[random.pick(ALERT_WINDOWS)],
      condition,
      threshold,
      resetLevel: threshold,
      minCalls: defaultMinCalls(metric, condition),
      pendingMinutes: random.pick([0, 0, 5]),
      cooldownMinutes: 30,
      businessHours: null,
      endpointIds: [],
    } satisfies RuleFields;
  });
}

async function removeBenchRules(db: Database): Promise<void> {
  await db.query('DELETE FROM alert_rules WHERE name LIKE $1', [`${NAME_PREFIX}%`]);
}

export async function measureAlerts(db: Database, runs: number, record: Record, log: (line: string) => void): Promise<void> {
  await removeBenchRules(db);
  await ensureTeamAccounts(db, 1);
  const [author] = await db.query<{ id: string; name: string }>('SELECT id, name FROM users ORDER BY created_at LIMIT 1');
  // Judged over the minutes just before now, the last one now's: windows over the seeded calls' busiest edge.
  const first = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS - (runs + 1) * MINUTE_MS;
  const rules = await benchRules(db);
  for (const rule of rules) await alertsRepository.insert(db, rule, { id: author!.id, name: author!.name }, new Date(first - MINUTE_MS));
  log(`  ${rules.length} rules, ${rules.filter((r) => r.scopeKind === 'network').length} of the network, ${rules.filter((r) => r.scopeQuery.includes('search=')).length} with a caller-id search`);
  try {
    let started = performance.now();
    const opening = await evaluateAlerts(db, new Date(first), NOBODY);
    const firstMs = performance.now() - started;
    const samples: number[] = [];
    let transitions = opening.transitions;
    for (let minute = 1; minute <= runs; minute += 1) {
      started = performance.now();
      const outcome = await evaluateAlerts(db, new Date(first + minute * MINUTE_MS), NOBODY);
      samples.push(performance.now() - started);
      if (outcome.judged !== rules.length || outcome.failed.length > 0) throw new Error(`minute ${minute}: ${outcome.judged} judged, ${outcome.failed.length} failed`);
      transitions += outcome.transitions;
    }
    const each: Summary = summarise(samples);
    record('alerts', `${rules.length} rules judged at a minute, every minute for ${runs} minutes (in-process): median / p95`, 'ms', `${each.median.toFixed(1)} / ${each.p95.toFixed(1)}`, '≤ 1,000');
    record('alerts', `the first minute, ${opening.transitions} of the rules changing state (from ok, as made)`, 'ms', firstMs.toFixed(1), '≤ 1,000');
    log(`  ${transitions} transitions over ${runs + 1} minutes`);
    const spec = (metric: AlertSpec['metric'], scopeQuery: string, windowMinutes: number, condition: AlertCondition): AlertSpec => ({
      metric,
      scopeQuery,
      windowMinutes,
      condition,
      threshold: 30,
      resetLevel: condition === 'up' ? 10 : 30,
      minCalls: 20,
      pendingMinutes: 0,
      cooldownMinutes: 30,
      businessHours: null,
    });
    const now = new Date();
    const busiest = rules.find((r) => r.scopeQuery.startsWith('publisher='))?.scopeQuery ?? '';
    record('alerts', 'preview, the network, Voicemail % over 24 h, 30 days minute by minute', 'ms', fmt(await timeRuns(10, () => previewAlert(db, spec('Voicemail', '', 1440, 'above'), now), { warmup: 1 })));
    record('alerts', 'preview, one publisher, Voicemail % up on a week earlier over 1 h', 'ms', fmt(await timeRuns(10, () => previewAlert(db, spec('Voicemail', busiest, 60, 'up'), now), { warmup: 1 })));
  } finally {
    await removeBenchRules(db);
  }
}

const fmt = (s: Summary) => `${s.median.toFixed(1)} / ${s.p95.toFixed(1)}`;
