/** Business constants and the limits the API enforces (docs/api.md, "Limits"). */

export const PASSWORD_MIN_LENGTH = 6;
/** Long enough for passphrases, short enough to bound hashing work; never truncated. */
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
/** A link, not an image: room for a signed CDN URL, short enough that a user row stays small. */
export const AVATAR_URL_MAX_LENGTH = 2000;

export const USER_LIST_DEFAULT_LIMIT = 50;
export const USER_LIST_MAX_LIMIT = 100;
export const USER_SCREEN_PAGE_SIZE = 10;
export const USER_SEARCH_LIMIT = 20;
export const SEARCH_MAX_LENGTH = 100;

export const RECORDS_DEFAULT_LIMIT = 25;
export const RECORDS_MAX_LIMIT = 200;
/** A picker lists at most this many values (a filter may choose as many: ID_LIST_MAX_ITEMS, id-list.ts). */
export const PICKER_LIST_LIMIT = 1000;
/** At most this many values in a status or disposition list, each at most this long. */
export const VALUE_LIST_MAX_ITEMS = 100;
export const VALUE_LIST_ITEM_MAX_LENGTH = 100;
/**
 * The longest a comma-joined list param (ids or values) may be before it is read: room for 1,000 ids of
 * nine digits, or 100 values of 100 characters, with their commas and spaces.
 */
export const LIST_PARAM_MAX_LENGTH = 20_000;
export const PAYMENT_HISTORY_LIMIT = 100;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/**
 * A person keeps at most this many notifications; a new one past it drops their oldest (the spec's
 * "Notifications cap"). Here, in the entry every screen loads, because the shared UI state's list is held to it
 * too (shared-ui/src/ui-atoms.ts); the rest of the notification centre is @callboard/contract/notifications.
 */
export const NOTIFICATIONS_CAP = 200;
