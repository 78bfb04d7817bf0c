import fp from 'fastify-plugin';
import { drainCallWords } from '../../domain/calls/call-words';
import { runPeriodically } from './periodic-task';

/** How often the queue of calls awaiting their search words is looked at. */
export const CALL_WORDS_INTERVAL_MS = 500;

export interface CallWordsIndexerOptions {
  /** Tests only: look this often instead. */
  intervalMs?: number;
}

/**
 * Makes the transcript-search words of the calls written since it last looked
 * (domain/calls/call-words.ts), off the deliveries' path: a delivery only
 * queues its calls, and this loop parses them in batches shortly after. Every
 * instance runs it; their batches skip each other's queue rows (migration
 * 0021), so two instances never parse a call twice nor leave one behind.
 * Registered after the database.
 */
export default fp<CallWordsIndexerOptions>(
  async function callWordsIndexer(fastify, options) {
    runPeriodically(fastify, options.intervalMs ?? CALL_WORDS_INTERVAL_MS, async () => {
      try {
        await drainCallWords(fastify.db);
      } catch (error) {
        fastify.log.warn({ err: error }, 'transcript search: making the words of new calls failed; trying again shortly');
      }
    });
  },
  { name: 'call-words-indexer' },
);
