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
export const PICKER_LIST_LIMIT = 1000;
export const PAYMENT_HISTORY_LIMIT = 100;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
