/**
 * The four dimensions a call is filed under, and every name each one goes
 * by: the list in `/api/filters` (plural), the query parameter and the cost
 * breakdown's group (singular), the labels people read, and, for the API,
 * the field of its parsed filter, the table of names, the column on `calls`
 * and the code the per-dimension rollups store it under. Every other list of dimensions is derived from
 * this one.
 */
export const FILTER_DIMENSIONS = ['campaigns', 'publishers', 'targets', 'buyers'] as const;
export type FilterDimension = (typeof FILTER_DIMENSIONS)[number];

export type DimensionParam = 'campaign' | 'publisher' | 'target' | 'buyer';
/** The field of the API's parsed filter that holds a dimension's chosen ids (`CallFilter`, api/src/domain/calls/call-filter.ts). */
export type DimensionIdsField = `${DimensionParam}Ids`;

export interface Dimension {
  /** Its query parameter and cost-breakdown group. */
  param: DimensionParam;
  /** Its chosen ids in the API's parsed filter. */
  idsField: DimensionIdsField;
  /** Its picker's label. */
  label: string;
  /** What one of its values is: the heading of a grouped table's name column. */
  singular: string;
  /** The table of its names (id, name). */
  table: string;
  /** Its column on `calls`. */
  column: string;
  /** Its `dim` code in the per-dimension rollups (stored: never renumber). */
  rollupCode: number;
}

export const DIMENSIONS: Record<FilterDimension, Dimension> = {
  campaigns: { param: 'campaign', idsField: 'campaignIds', label: 'Campaigns', singular: 'Campaign', table: 'campaigns', column: 'campaign_id', rollupCode: 1 },
  publishers: { param: 'publisher', idsField: 'publisherIds', label: 'Publishers', singular: 'Publisher', table: 'publishers', column: 'publisher_id', rollupCode: 2 },
  targets: { param: 'target', idsField: 'targetIds', label: 'Targets', singular: 'Target', table: 'targets', column: 'target_id', rollupCode: 3 },
  buyers: { param: 'buyer', idsField: 'buyerIds', label: 'Buyers', singular: 'Buyer', table: 'buyers', column: 'buyer_id', rollupCode: 4 },
};

/** The filter param each dimension list fills. */
export const DIMENSION_PARAM = Object.fromEntries(FILTER_DIMENSIONS.map((d) => [d, DIMENSIONS[d].param])) as Record<
  FilterDimension,
  DimensionParam
>;

/** The four query parameters, in the dimensions' order. */
export const DIMENSION_PARAMS: readonly DimensionParam[] = FILTER_DIMENSIONS.map((d) => DIMENSIONS[d].param);

/** The order the group-by controls (the cost breakdown, the scorecard) offer the dimensions in: publisher, the one most asked for, first. */
export const GROUP_BY_DIMENSIONS = ['publisher', 'campaign', 'buyer', 'target'] as const satisfies readonly DimensionParam[];

/** What one value of each dimension is, by its param: "Publisher". */
export const GROUP_LABELS = Object.fromEntries(FILTER_DIMENSIONS.map((d) => [DIMENSIONS[d].param, DIMENSIONS[d].singular])) as Record<
  DimensionParam,
  string
>;

/** The dimension a query parameter (or a breakdown group) names. */
export const DIMENSION_OF_PARAM = Object.fromEntries(FILTER_DIMENSIONS.map((d) => [DIMENSIONS[d].param, d])) as Record<
  DimensionParam,
  FilterDimension
>;
