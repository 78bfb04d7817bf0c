import { apiKeyFingerprint } from './limit-owner';

/** How long an accepted key keeps its own budget without another accepted delivery. */
export const ACCEPTED_KEY_TTL_MS = 60_000;
/** Keys remembered at most: far above the integrations one business runs, small enough to never matter. */
const MAX_REMEMBERED_KEYS = 1_000;

/**
 * The ingest keys this instance has accepted lately, by fingerprint. The rate limit runs before
 * the key is looked up, so it cannot know whether an X-Api-Key is real; keyed by whatever was
 * sent, a client inventing a new key for every request would get a fresh budget each time. So a
 * key has a budget of its own only once the ingest route has accepted it; until then (a made-up
 * key, a revoked one, or a real key's first delivery to this instance) its requests spend the
 * address's budget. INGEST_API_KEY is known from the start.
 */
export class AcceptedIngestKeys {
  private readonly expiries = new Map<string, number>();
  private readonly permanent = new Set<string>();

  constructor(
    environmentKey: string | undefined,
    private readonly ttlMs = ACCEPTED_KEY_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {
    if (environmentKey) this.permanent.add(apiKeyFingerprint(environmentKey));
  }

  /** The ingest route accepted this key (it exists, is not revoked, and holds the route's scope). */
  remember(apiKey: string): void {
    const fingerprint = apiKeyFingerprint(apiKey);
    if (this.permanent.has(fingerprint)) return;
    // Re-inserted, so the Map's order stays oldest-first and eviction drops the least recently accepted.
    this.expiries.delete(fingerprint);
    this.expiries.set(fingerprint, this.now() + this.ttlMs);
    if (this.expiries.size > MAX_REMEMBERED_KEYS) {
      const oldest = this.expiries.keys().next().value;
      if (oldest !== undefined) this.expiries.delete(oldest);
    }
  }

  has(apiKey: string): boolean {
    const fingerprint = apiKeyFingerprint(apiKey);
    if (this.permanent.has(fingerprint)) return true;
    const expiry = this.expiries.get(fingerprint);
    if (expiry === undefined) return false;
    if (expiry > this.now()) return true;
    this.expiries.delete(fingerprint);
    return false;
  }
}
