import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../../http/http-error';

export const CROSS_SITE_REFUSED = 'Cross-site request refused';

/** What `isCrossSite` reads of a request: its headers, and its own origin's parts as Fastify reports them. */
export type OriginFacts = Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>;

/**
 * Sec-Fetch-Site values let through: the app's own pages (`same-origin`) and a
 * person's own action, such as a bookmark (`none`). `same-site` is refused too:
 * the app is served from one origin, and a sibling subdomain (which SameSite
 * counts as the same site, so it would carry the cookie) has no business here.
 */
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * Whether a browser sent this request from a page of another origin. The
 * browser's own word comes first (Sec-Fetch-Site); a browser too old to send it
 * still sends Origin with a POST, which must then be this server's origin, built
 * from Host and the protocol (both from X-Forwarded-* only behind a proxy
 * TRUST_PROXY trusts). A request with neither header is not from a page: a
 * script or command-line client, which has no other site's cookie to abuse.
 */
export function isCrossSite(request: OriginFacts): boolean {
  const fetchSite = single(request.headers['sec-fetch-site']);
  if (fetchSite !== undefined) return !ALLOWED_FETCH_SITES.has(fetchSite.trim().toLowerCase());
  const origin = single(request.headers.origin);
  if (origin === undefined) return false;
  const claimed = originOf(origin.trim());
  return claimed === undefined || claimed !== originOf(`${request.protocol}://${request.host}`);
}

/**
 * onRequest hook for the routes the refresh cookie authorises (refresh, logout):
 * another site's page must not make the browser use it. SameSite=Strict already
 * keeps the cookie off cross-site requests; this also refuses same-site ones and
 * does not depend on the browser honouring SameSite.
 */
export async function refuseCrossSite(request: FastifyRequest): Promise<void> {
  if (isCrossSite(request)) throw forbidden(CROSS_SITE_REFUSED);
}

/** A header's one value; repeated, it counts as its first (Node joins most repeats itself). */
function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `scheme://host[:port]` in its normal form (lower case, default port dropped), or undefined if it is no http(s) origin ("null" included). */
function originOf(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
