/**
 * Saved views (GET/POST /api/views, PUT/DELETE /api/views/{id}): a named
 * query string of one area, kept by its owner and optionally shared with the team.
 * Each person may mark one view they can see per area as their default
 * (GET /api/views/defaults, PUT /api/views/defaults/{area}): the view a bare
 * address of that area opens.
 */
export const VIEW_AREAS = ['reporting', 'callLogs'] as const;
export type ViewArea = (typeof VIEW_AREAS)[number];

export const VIEW_NAME_MAX_LENGTH = 80;

export interface SavedView {
  id: string;
  name: string;
  area: ViewArea;
  /** The view's filters as a URL query string without the leading "?", in the API's own param names. */
  query: string;
  /** The records columns shown, in order; null keeps whoever opens it on their own choice. */
  columns: string[] | null;
  shared: boolean;
  ownerId: string;
  ownerName: string;
  createdAt: string;
  updatedAt: string;
}

/** Body of POST /api/views; PUT /api/views/{id} takes any of these fields. */
export interface SavedViewBody {
  name: string;
  area: ViewArea;
  query: string;
  columns?: string[] | null;
  shared?: boolean;
}

/** Each area's default view of the person asking (GET /api/views/defaults), or null where they chose none. */
export type ViewDefaults = Record<ViewArea, SavedView | null>;

/** Body of PUT /api/views/defaults/{area}: the view a bare address of the area opens, or null for none. */
export interface ViewDefaultBody {
  viewId: string | null;
}
