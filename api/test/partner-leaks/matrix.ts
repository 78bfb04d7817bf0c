/**
 * The leak matrix's table (issue 34, "a generated leak matrix"): one spec per read endpoint a partner may
 * use, each checking one partner account's answers against brute force over the dataset
 * (support/partner-fixtures.ts). leak-matrix.test.ts runs every spec for every generated partner, and
 * fails for any route open to partners (config.partner === 'scoped') that no spec covers. A new area adds
 * a module of specs beside calls-specs.ts and lists it in specs.ts.
 */
import { type LightMyRequestResponse } from 'fastify';
import { bearer } from '../support/test-app';
import { forbiddenMoneyKeys, MATRIX_RANGE, type PartnerAccount, type PartnerWorld } from '../support/partner-fixtures';
import { qs } from '../support/calls-fixtures';

export interface EndpointSpec {
  /** Names the spec in test titles. */
  name: string;
  /** The routes it covers, as Fastify registers them (method and full url, e.g. GET /api/calls/records/:id). */
  routes: ReadonlyArray<{ method: string; url: string }>;
  /** Checks one partner's answers; throws (expect) on a leak or a wrong figure. */
  check(world: PartnerWorld, partner: PartnerAccount): Promise<void>;
}

/** GET as a partner; the raw response, for the status and the body. */
export function partnerGet(world: PartnerWorld, partner: PartnerAccount, url: string): Promise<LightMyRequestResponse> {
  return world.t.app.inject({ method: 'GET', url, headers: bearer(partner.token) });
}

/** GET as a partner that must answer 200; the JSON body. */
export async function partnerOk<T = any>(world: PartnerWorld, partner: PartnerAccount, url: string): Promise<T> {
  const response = await partnerGet(world, partner, url);
  if (response.statusCode !== 200) throw new Error(`GET ${url} as ${partner.label}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}

/** The matrix's date range with more query params. */
export const inRange = (params: Record<string, string | number | undefined> = {}): string => qs({ ...MATRIX_RANGE, ...params });

/**
 * Anywhere in an answer: no money key the partner's kind may not see (at any depth), and no text that is
 * another source's name. Names are the dataset's publishers and buyers the partner does not own, unless the
 * counterparty is given.
 */
export function expectNoForeignKeysOrNames(world: PartnerWorld, partner: PartnerAccount, body: unknown): void {
  const forbidden = new Set(forbiddenMoneyKeys(partner.scope.kind));
  const { scope } = partner;
  const ownKind = scope.kind === 'publisher' ? world.publisherIds : world.buyerIds;
  const otherKind = scope.kind === 'publisher' ? world.buyerIds : world.publisherIds;
  // Another of the partner's own kind is never the partner's business; the other side's names only with the counterparty.
  const foreignNames = [
    ...Object.entries(ownKind).filter(([, id]) => !scope.ids.includes(id)).map(([name]) => name),
    ...(scope.counterparty ? [] : Object.keys(otherKind)),
  ];
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${path}[${i}]`));
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (forbidden.has(key)) throw new Error(`${partner.label}: ${path}.${key} is money a ${scope.kind} partner may not see`);
        walk(item, `${path}.${key}`);
      }
    } else if (typeof value === 'string') {
      const name = foreignNames.find((n) => value.includes(n));
      if (name) throw new Error(`${partner.label}: ${path} names ${JSON.stringify(name)}, which is not its own`);
    }
  };
  walk(body, '$');
}
