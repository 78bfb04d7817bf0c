/**
 * What the logs never hold. Request headers that carry credentials are censored by path; the
 * rest is censored in the finished line, because a caller's phone number, a password or a
 * transcript search's words reach a log in more shapes than a path can name: the URL of the
 * request line, a message or error that quotes a URL, the parsed filter of a statement cancelled
 * at its time limit, the filter an export was asked for.
 */
export const REDACTED = '[redacted]';

/**
 * Query parameters whose value a log never holds: a caller id (the records' `search` and exact
 * `callerId`), a transcript search's words (`q`), a sign-in's `email` and `password`, which a
 * form sent by the browser itself would put in the address, and a `token` that is a link's only
 * credential (a report email's unsubscribe link, a connector's URL), which anyone reading the log
 * could otherwise use.
 */
const SECRET_PARAMETERS = new Set(['search', 'callerid', 'q', 'email', 'password', 'token']);

/**
 * Fields of a logged object whose value a log never holds: the same but `email`, which the lines
 * about an account name on purpose (who registered, whose sign-in failed).
 */
const SECRET_FIELDS = new Set(['search', 'callerid', 'q', 'password']);

/** A parameter as it appears in a URL inside a JSON log line; its value runs to the next `&`, `#`, space or string end. */
const URL_PARAMETER = /([?&])([^=&#\s"\\?]+)=((?:[^&#\s"\\]|\\.)*)/g;
/** A field of a logged object, with a string or number value. */
const JSON_FIELD = /"([^"\\]+)":("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*)/g;

/** Whether a name, as a query-string parser reads it (`sea%72ch` is `search`), compared without case, is one of `names`. */
function isOneOf(names: ReadonlySet<string>, rawName: string): boolean {
  let name = rawName.replace(/\+/g, ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not valid percent-encoding: compared as written.
  }
  return names.has(name.toLowerCase());
}

/**
 * Whether a line may name a secret parameter or field, checked before any pattern runs: most lines
 * (every request's own two among them) name none, and are passed on without being parsed. A name
 * matches only if it spells one of them in some case, or percent-encodes some of its letters. The
 * long names are looked for anywhere; `q`, a letter most lines hold ("request"), only where it is a
 * whole name: a URL's `?q=` or `&q=`, a field's `"q":`.
 */
export const MAY_NAME_A_SECRET = /search|callerid|email|password|token|[?&]q=|"q":|%/i;

/** A serialized log line with every secret parameter and field replaced by `[redacted]`. */
export function redactSecrets(line: string): string {
  if (!MAY_NAME_A_SECRET.test(line)) return line;
  return line
    .replace(URL_PARAMETER, (whole, separator: string, name: string) => (isOneOf(SECRET_PARAMETERS, name) ? `${separator}${name}=${REDACTED}` : whole))
    .replace(JSON_FIELD, (whole, name: string) => (isOneOf(SECRET_FIELDS, name) ? `"${name}":"${REDACTED}"` : whole));
}

/** pino's settings for the server's logger: credentials censored by path, the secret parameters and fields in the finished line. */
export const LOG_REDACTION = {
  redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: REDACTED },
  hooks: { streamWrite: redactSecrets },
};
