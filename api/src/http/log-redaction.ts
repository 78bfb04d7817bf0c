/**
 * What the logs never hold. Request headers that carry credentials are
 * censored by path; caller ids are censored in the finished line, because a
 * caller's phone number (or part of one) reaches a log in more shapes than a
 * path can name: the URL of the request line, a message or error that quotes
 * a URL, the parsed filter of a statement cancelled at its time limit, the
 * filter an export was asked for.
 */
export const REDACTED = '[redacted]';

/** Query parameters and filter fields that hold a caller id: the records' search and exact match. */
const CALLER_ID_FIELDS = new Set(['search', 'callerid']);

/** A parameter as it appears in a URL inside a JSON log line; its value runs to the next `&`, `#`, space or string end. */
const URL_PARAMETER = /([?&])([^=&#\s"\\?]+)=((?:[^&#\s"\\]|\\.)*)/g;
/** A field of a logged object, with a string or number value. */
const JSON_FIELD = /"([^"\\]+)":("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*)/g;

/** A parameter's name as a query-string parser reads it (`sea%72ch` is `search`), compared without case. */
function isCallerIdField(rawName: string): boolean {
  let name = rawName.replace(/\+/g, ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not valid percent-encoding: compared as written.
  }
  return CALLER_ID_FIELDS.has(name.toLowerCase());
}

/**
 * A name reads as a caller-id field only if it spells `search` or `callerid` in some case, or
 * percent-encodes some of its letters: a line with neither holds none, and most lines (every
 * request's own two among them) are passed on without being parsed.
 */
const MAY_NAME_A_CALLER_ID_FIELD = /search|callerid|%/i;

/** A serialized log line with every caller-id parameter and field replaced by `[redacted]`. */
export function redactCallerIds(line: string): string {
  if (!MAY_NAME_A_CALLER_ID_FIELD.test(line)) return line;
  return line
    .replace(URL_PARAMETER, (whole, separator: string, name: string) => (isCallerIdField(name) ? `${separator}${name}=${REDACTED}` : whole))
    .replace(JSON_FIELD, (whole, name: string) => (isCallerIdField(name) ? `"${name}":"${REDACTED}"` : whole));
}

/** pino's settings for the server's logger: credentials censored by path, caller ids in the finished line. */
export const LOG_REDACTION = {
  redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: REDACTED },
  hooks: { streamWrite: redactCallerIds },
};
