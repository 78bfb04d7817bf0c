/**
 * A recording kept on this server is read through a signed link, because an
 * <audio> element cannot send a bearer token:
 * `/recordings/<file>?expires=<unix seconds>&signature=<base64url HMAC-SHA256>`.
 * The API signs the links it sends and checks them; a browser only needs to
 * know when one stops working. Recordings on the tracking platform's own host
 * (absolute http(s) links) are passed on as they are.
 */
export const RECORDINGS_PATH_PREFIX = '/recordings/';

export const RECORDING_LINK_PARAMS = { expires: 'expires', signature: 'signature' } as const;

/** When a signed link stops working, in Unix seconds; undefined for a link that carries no expiry. */
export function recordingLinkExpiry(url: string): number | undefined {
  const query = url.indexOf('?');
  if (query === -1) return undefined;
  const prefix = `${RECORDING_LINK_PARAMS.expires}=`;
  const value = url
    .slice(query + 1)
    .split('&')
    .find((pair) => pair.startsWith(prefix))
    ?.slice(prefix.length);
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}
