import { isChangeCondition } from '@callboard/contract/alerts';
import type { Queryable } from '../../db/database';
import type { CallFilter } from '../calls/call-filter';
import type { TimeRange } from '../calls/date-range';
import { minuteCountsSql, type CallMark } from '../calls/rollups/raw-calls';
import { isMarked, markOf, type WindowCounts } from './alert-metrics';
import { MINUTE_MS, WEEK_MS, type AlertSpec } from './alert-spec';
import { scopeFilter } from './alert-scope';
import { decidableOnFacts, factMatches, readCallFacts, type CallFact } from './call-facts';

/** A minute's calls and the marked ones among them (raw-calls.ts minuteCountsSql). */
export interface MinuteCount {
  /** Whole minutes since the epoch. */
  minute: number;
  calls: number;
  marked: number;
}

export async function readMinuteCounts(db: Queryable, filter: CallFilter, ranges: readonly TimeRange[], mark: CallMark | null): Promise<MinuteCount[]> {
  const params: unknown[] = [];
  const rows = await db.query<{ minute: string | number; calls: number; marked: number }>(minuteCountsSql(filter, ranges, mark, params), params);
  return rows.map((row) => ({ minute: Number(row.minute), calls: Number(row.calls), marked: Number(row.marked) }));
}

/** A rule's window at minute t and, for up/down, the same window a week earlier. */
export function windowsAt(spec: AlertSpec, t: number): { current: TimeRange; baseline: TimeRange | null } {
  const from = t - spec.windowMinutes * MINUTE_MS;
  return {
    current: { from: new Date(from), to: new Date(t) },
    baseline: isChangeCondition(spec.condition) ? { from: new Date(from - WEEK_MS), to: new Date(t - WEEK_MS) } : null,
  };
}

const inRange = (minute: number, range: TimeRange) => minute * MINUTE_MS >= range.from.getTime() && minute * MINUTE_MS < range.to.getTime();

function sumCounts(counts: readonly MinuteCount[], range: TimeRange): WindowCounts {
  const sum = { calls: 0, marked: 0 };
  for (const count of counts) {
    if (!inRange(count.minute, range)) continue;
    sum.calls += count.calls;
    sum.marked += count.marked;
  }
  return sum;
}

function sumFacts(facts: readonly CallFact[], range: TimeRange, mark: CallMark | null): WindowCounts {
  const sum = { calls: 0, marked: 0 };
  for (const fact of facts) {
    if (!inRange(fact.minute, range)) continue;
    sum.calls += fact.calls;
    if (mark && isMarked(mark, fact)) sum.marked += fact.calls;
  }
  return sum;
}

/** The span from the earliest start to the latest end of some ranges, or none. */
function spanning(ranges: ReadonlyArray<TimeRange | null>): TimeRange | null {
  const present = ranges.filter((r): r is TimeRange => r !== null);
  if (present.length === 0) return null;
  return { from: new Date(Math.min(...present.map((r) => r.from.getTime()))), to: new Date(Math.max(...present.map((r) => r.to.getTime()))) };
}

export interface RuleCounts {
  current: WindowCounts;
  baseline: WindowCounts | null;
}

/**
 * Every rule's window counts at minute `t`, from as few reads as the measurements of decision 0040 allow: the
 * calls of the longest window (and of its week-earlier twin when an up/down rule needs one) are read once, as
 * facts, and each rule's scope and share is decided on them in memory; a rule whose scope searches the calls'
 * text (a view with a caller-id or transcript search) reads its own counts.
 */
export async function windowCountsAt(db: Queryable, rules: ReadonlyArray<{ id: string; spec: AlertSpec }>, t: number): Promise<Map<string, RuleCounts>> {
  const filters = new Map<string, CallFilter>();
  const filterOf = (scopeQuery: string) => {
    let filter = filters.get(scopeQuery);
    if (!filter) filters.set(scopeQuery, (filter = scopeFilter(scopeQuery, new Date(t))));
    return filter;
  };
  const planned = rules.map((rule) => ({ rule, filter: filterOf(rule.spec.scopeQuery), windows: windowsAt(rule.spec, t), mark: markOf(rule.spec.metric) }));
  const onFacts = planned.filter((p) => decidableOnFacts(p.filter));
  const current = spanning(onFacts.map((p) => p.windows.current));
  const baseline = spanning(onFacts.map((p) => p.windows.baseline));
  const facts = await readCallFacts(db, [current, baseline].filter((r): r is TimeRange => r !== null));

  // The facts each distinct scope keeps, decided once a scope however many rules share it.
  const factsOfScope = new Map<string, CallFact[]>();
  const counts = new Map<string, RuleCounts>();
  for (const { rule, filter, windows, mark } of planned) {
    if (decidableOnFacts(filter)) {
      let kept = factsOfScope.get(rule.spec.scopeQuery);
      if (!kept) factsOfScope.set(rule.spec.scopeQuery, (kept = facts.filter((fact) => factMatches(filter, fact))));
      counts.set(rule.id, { current: sumFacts(kept, windows.current, mark), baseline: windows.baseline && sumFacts(kept, windows.baseline, mark) });
    } else {
      const ranges = windows.baseline ? [windows.current, windows.baseline] : [windows.current];
      const own = await readMinuteCounts(db, filter, ranges, mark);
      counts.set(rule.id, { current: sumCounts(own, windows.current), baseline: windows.baseline && sumCounts(own, windows.baseline) });
    }
  }
  return counts;
}
