import fp from 'fastify-plugin';
import { drainCallWords } from '../../domain/calls/call-words';

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
 * 0021), so two instances never parse a call twice nor leave one behind. A
 * pass still running (a big backlog) is not joined by another. The timer
 * never keeps the process alive; closing the server stops it and waits for a
 * pass under way, so the database is not closed beneath it. Registered after
 * the database.
 */
export default fp<CallWordsIndexerOptions>(
  async function callWordsIndexer(fastify, options) {
    let running: Promise<void> | undefined;
    const pass = async () => {
      try {
        await drainCallWords(fastify.db);
      } catch (error) {
        fastify.log.warn({ err: error }, 'transcript search: making the words of new calls failed; trying again shortly');
      } finally {
        running = undefined;
      }
    };
    const timer = setInterval(() => {
      running ??= pass();
    }, options.intervalMs ?? CALL_WORDS_INTERVAL_MS);
    timer.unref();
    fastify.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'call-words-indexer' },
);
