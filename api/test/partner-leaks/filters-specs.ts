/**
 * The pickers' specs (/api/filters/*): a partner is offered its own publishers (or buyers) within scope,
 * the other values only where its own calls have them, never the other side unless given (those lists
 * answer empty), and every count is its own calls'.
 */
import { DIMENSIONS, DISPOSITIONS, FILTER_DIMENSIONS, type CallRecord, type FilterDimension, type FilterOption } from '@callboard/contract';
import { callsInRange, partnerSeesCall, type FixtureCall, type PartnerAccount, type PartnerWorld } from '../support/partner-fixtures';
import { expectNoForeignKeysOrNames, inRange, partnerOk, type EndpointSpec } from './matrix';

/** Each dimension's name on a record. */
const NAME_OF: Record<FilterDimension, (record: CallRecord) => string | null> = {
  campaigns: (r) => r.campaignName,
  publishers: (r) => r.publisherName,
  targets: (r) => r.target_name,
  buyers: (r) => r.buyerName,
};

const partnerCalls = (world: PartnerWorld, partner: PartnerAccount): FixtureCall[] =>
  callsInRange(world.calls).filter((call) => partnerSeesCall(partner.scope, call));

/** A picker's list as label → count, by brute force. */
function expectedOptions(world: PartnerWorld, partner: PartnerAccount, dimension: FilterDimension): Record<string, number> {
  const { scope } = partner;
  const param = DIMENSIONS[dimension].param;
  const seesOther = scope.counterparty || (scope.kind === 'publisher' ? !['buyer', 'target'].includes(param) : param !== 'publisher');
  if (!seesOther) return {};
  const counts: Record<string, number> = {};
  if (param === scope.kind) {
    const names = scope.kind === 'publisher' ? world.publisherIds : world.buyerIds;
    for (const [name, id] of Object.entries(names)) if (scope.ids.includes(id)) counts[name] = 0;
  }
  for (const call of partnerCalls(world, partner)) {
    const name = NAME_OF[dimension](call.record);
    if (name !== null) counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

const asCounts = (options: FilterOption[]) => Object.fromEntries(options.map((o) => [o.label, o.count]));

const pickers: EndpointSpec = {
  name: 'pickers',
  routes: [...FILTER_DIMENSIONS.map((d) => ({ method: 'GET', url: `/api/filters/${d}` })), { method: 'GET', url: '/api/filters/all' }, { method: 'GET', url: '/api/filters/dispositions' }],
  async check(world, partner) {
    const all = await partnerOk<{ data: Record<string, FilterOption[]> }>(world, partner, `/api/filters/all${inRange()}`);
    expectNoForeignKeysOrNames(world, partner, all);
    for (const dimension of FILTER_DIMENSIONS) {
      const expected = expectedOptions(world, partner, dimension);
      const one = await partnerOk<{ data: Record<string, FilterOption[]> }>(world, partner, `/api/filters/${dimension}${inRange()}`);
      expectNoForeignKeysOrNames(world, partner, one);
      expect({ dimension, options: asCounts(one.data[dimension]!) }).toEqual({ dimension, options: expected });
      expect({ dimension, options: asCounts(all.data[dimension]!) }).toEqual({ dimension, options: expected });
    }
    // Asked by id (a view opened from a link): only what the list itself would offer.
    for (const [dimension, names] of [['publishers', world.publisherIds], ['buyers', world.buyerIds]] as const) {
      const byId = await partnerOk<{ data: Record<string, FilterOption[]> }>(world, partner, `/api/filters/${dimension}${inRange({ ids: Object.values(names).join(',') })}`);
      expectNoForeignKeysOrNames(world, partner, byId);
      const offered = expectedOptions(world, partner, dimension);
      const expected = DIMENSIONS[dimension].param === partner.scope.kind ? offered : Object.fromEntries(Object.entries(offered).filter(([, n]) => n > 0));
      expect({ dimension, byId: asCounts(byId.data[dimension]!) }).toEqual({ dimension, byId: expected });
    }
    const calls = partnerCalls(world, partner);
    const dispositions = await partnerOk<{ data: { dispositions: FilterOption[] } }>(world, partner, `/api/filters/dispositions${inRange()}`);
    const expected = Object.fromEntries(DISPOSITIONS.map((d) => [d, calls.filter((c) => c.record.status === d).length]));
    for (const call of calls) if (!(call.record.status in expected)) expected[call.record.status] = calls.filter((c) => c.record.status === call.record.status).length;
    expect(asCounts(dispositions.data.dispositions)).toEqual(expected);
    expect(asCounts(all.data.dispositions!)).toEqual(expected);
  },
};

export const filtersSpecs: EndpointSpec[] = [pickers];
