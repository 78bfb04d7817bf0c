/**
 * What a saved view may hold beyond its query, judged the same way by the
 * Views menu and the API (POST/PUT /api/views): its name, how long its query
 * may be, how many one person keeps, and the words of each refusal. The query
 * itself is judged by contract/src/view-query.ts, as the address bar is.
 */
import type { FieldError } from './api-envelope';
import { VIEW_NAME_MAX_LENGTH } from './saved-views';

/** Longer than any address a browser keeps comfortably; bounds what one view stores. */
export const VIEW_QUERY_MAX_LENGTH = 8000;
/** How many views one person may keep: the menu stays a menu, and the table cannot be filled by one account. */
export const VIEWS_PER_OWNER_MAX = 200;
/**
 * How many of the views others share GET /api/views lists, the newest: every account's shared views
 * reach everyone's list, so without this the list would grow with each account (up to 1.6 MB of
 * queries each), and a few accounts could make everyone's first screen slow.
 */
export const SHARED_VIEWS_LISTED_MAX = 200;

export const VIEW_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${VIEW_NAME_MAX_LENGTH} characters`,
  duplicateName: 'You already have a view with this name',
  tooMany: `You can keep at most ${VIEWS_PER_OWNER_MAX} views; delete one first`,
  notFound: 'View not found',
  ownerOnly: 'Only the owner can change this view',
  deleteForbidden: 'Only the owner or an admin can delete this view',
  defaultOtherArea: 'This view belongs to another area',
  /** A partner account's views are its own: the team's menu is the network's (issue 34). */
  partnerCannotShare: 'Partner accounts keep their views private: a view cannot be shared',
} as const;

/** The problem with a view's name (kept trimmed) under `field` `name`, or null when it will do. */
export function validateViewName(name: unknown): FieldError | null {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (trimmed === '') return { field: 'name', message: VIEW_MESSAGES.nameRequired };
  if (trimmed.length > VIEW_NAME_MAX_LENGTH) return { field: 'name', message: VIEW_MESSAGES.nameTooLong };
  return null;
}
