/**
 * The live events stream's spec (GET /api/events): every partner's stream open at once, then a change to every
 * call of the dataset in the change log (rows written straight into it, as a write's triggers would write
 * them: migration 0037) and announced through the feed as a writer announces its commit: each partner is told
 * exactly its own calls from its history day on, counted and timed over those alone, with no field of any call;
 * a partner with none of them is told nothing. No call is written, so the other specs' brute force stays true
 * (the changes feed's spec reads these rows too, as changes like any other). The writers' own announcements
 * are tested in partner-events.test.ts.
 */
import { eventsOf, openEventStream, type OpenedStream } from '../support/event-stream';
import { partnerSeesCall, type PartnerAccount, type PartnerWorld } from '../support/partner-fixtures';
import type { EndpointSpec } from './matrix';

interface Told {
  events: Array<Record<string, unknown>>;
}

/** What every partner's stream was told of the one write, worked out once for the whole matrix. */
let told: Promise<Map<string, Told>> | undefined;

const ownCalls = (world: PartnerWorld, partner: PartnerAccount) => world.calls.filter((call) => partnerSeesCall(partner.scope, call));

async function hearOneWrite(world: PartnerWorld): Promise<Map<string, Told>> {
  const baseUrl = world.t.app.server.listening ? `http://127.0.0.1:${(world.t.app.server.address() as { port: number }).port}` : await world.t.app.listen({ port: 0, host: '127.0.0.1' });
  const streams: Array<[PartnerAccount, OpenedStream]> = [];
  try {
    for (const partner of world.partners) {
      const stream = await openEventStream(baseUrl, partner.token);
      if (stream.status !== 200) throw new Error(`GET /api/events as ${partner.label}: ${stream.status} ${JSON.stringify(stream.refusal)}`);
      await stream.waitFor((m) => m.comment === 'connected');
      streams.push([partner, stream]);
    }
    await world.t.db.query(
      `INSERT INTO call_changes (call_id, system_call_id, publisher_id, buyer_id, call_ts, kind, changed)
       SELECT c.id, c.system_call_id, c.publisher_id, c.buyer_id, c.call_ts, 'updated', '{}' FROM calls c WHERE c.id = ANY ($1::bigint[]) ORDER BY c.id`,
      [world.calls.map((call) => call.id)],
    );
    await world.t.app.callsChanges.publish();
    for (const [partner, stream] of streams) {
      if (ownCalls(world, partner).length > 0) await stream.waitFor((m) => m.event === 'calls', 5000);
    }
    // Anything more (or anything at all, for a partner with no calls) would have come by now: events go out within 250 ms.
    await new Promise((resolve) => setTimeout(resolve, 600));
    return new Map(streams.map(([partner, stream]) => [partner.token, { events: eventsOf(stream.messages).map(({ at: _at, ...event }) => event) }]));
  } finally {
    for (const [, stream] of streams) stream.close();
  }
}

const events: EndpointSpec = {
  name: 'live events',
  routes: [{ method: 'GET', url: '/api/events' }],
  async check(world, partner) {
    told ??= hearOneWrite(world);
    const { events: heard } = (await told).get(partner.token)!;
    const own = ownCalls(world, partner);
    if (own.length === 0) {
      expect(heard).toEqual([]);
      return;
    }
    const newest = new Date(Math.max(...own.map((call) => call.at.getTime()))).toISOString();
    expect(heard).toEqual([{ inserted: 0, updated: own.length, newestCallTimestamp: newest }]);
  },
};

export const eventsSpecs: EndpointSpec[] = [events];
