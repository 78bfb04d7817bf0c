import fp from 'fastify-plugin';
import { openCallsChangeFeed, type CallsChangeFeed } from '../../domain/events/calls-change-feed';
import { DEFAULT_STREAM_CAPS, StreamRegistry, type StreamCaps } from '../../domain/events/stream-registry';

declare module 'fastify' {
  interface FastifyInstance {
    /** Changes to the calls, heard from every instance on the database (domain/events/calls-change-feed.ts). */
    callsChanges: CallsChangeFeed;
    /** This instance's open event streams (GET /api/events). */
    eventStreams: StreamRegistry;
  }
}

export interface LiveEventsOptions {
  caps?: Partial<StreamCaps>;
}

/**
 * The live-events machinery of one instance: its listening connection (opened
 * here, closed with the server) and its open streams, which are ended before
 * the server closes, or `close()` would wait for them for ever.
 */
export default fp<LiveEventsOptions>(async function liveEvents(fastify, options) {
  const feed = await openCallsChangeFeed(fastify.db, fastify.log);
  const streams = new StreamRegistry({ ...DEFAULT_STREAM_CAPS, ...options.caps });
  fastify.decorate('callsChanges', feed);
  fastify.decorate('eventStreams', streams);
  // preClose runs before the server stops taking connections and waits for the open ones.
  fastify.addHook('preClose', async () => streams.endAll());
  fastify.addHook('onClose', async () => feed.close());
});
