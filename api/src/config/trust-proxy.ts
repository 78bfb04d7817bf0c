import { isIP } from 'node:net';

/**
 * What Fastify's `trustProxy` takes, and so what decides whether `request.ip` and
 * `request.protocol` come from X-Forwarded-For / X-Forwarded-Proto:
 * - false: never (the address of the TCP peer, the protocol of this socket);
 * - true: always, whoever sent the headers (only safe when nothing reaches the server but the proxy);
 * - a number: the client is that many proxy hops back in X-Forwarded-For;
 * - addresses / CIDR ranges: the headers are believed only from peers in them.
 */
export type TrustProxy = boolean | number | string[];

/** Ranges Fastify's address matching (proxy-addr) knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Why `entry` is not an address, a CIDR range or a named range; undefined when it is one. */
function entryProblem(entry: string): string | undefined {
  if (NAMED_RANGES.has(entry)) return undefined;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return `"${entry}" is not an IP address or CIDR range`;
  if (prefix === undefined) return undefined;
  const bits = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return `"${entry}" has a prefix length outside 0 to ${bits}`;
  return undefined;
}

/**
 * TRUST_PROXY's value (already trimmed; undefined when unset). Returns the setting, or the
 * problems to report, each naming the entry at fault.
 */
export function parseTrustProxy(raw: string | undefined): { value: TrustProxy } | { problems: string[] } {
  if (raw === undefined) return { value: false };
  const word = raw.toLowerCase();
  if (word === 'false' || word === 'no' || word === 'off') return { value: false };
  if (word === 'true' || word === 'yes' || word === 'on') return { value: true };
  // A hop count; 0 hops is the same as not trusting any proxy.
  if (/^\d+$/.test(raw)) return { value: Number(raw) === 0 ? false : Number(raw) };
  const entries = raw.split(',').map((entry) => entry.trim());
  const problems = entries.map((entry) => (entry === '' ? 'an empty entry (two commas in a row?)' : entryProblem(entry)));
  const found = problems.filter((p): p is string => p !== undefined);
  if (found.length > 0) {
    return {
      problems: found.map(
        (p) => `TRUST_PROXY must be true, false, a hop count, or a comma-separated list of IP addresses / CIDR ranges: ${p} (got "${raw}")`,
      ),
    };
  }
  return { value: entries };
}

/** What Fastify's `trustProxy` option is given for a TRUST_PROXY setting. */
export type FastifyTrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY in the form Fastify acts on. A hop count becomes a function: Fastify 5 answers a
 * bare number by trusting no one (it cannot tell the proxy from a client at the door), so given
 * as a number it would be silently ignored. The operator who sets a hop count says that every
 * request comes through that many proxies; trusting the nearest `hops` addresses is then right.
 */
export function fastifyTrustProxy(value: TrustProxy): FastifyTrustProxy {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}
