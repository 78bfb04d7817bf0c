/**
 * `node dist/server.js`: starts Callboard, prints where it is and how to sign
 * in, and shuts down gracefully on SIGTERM/SIGINT (in-flight requests finish,
 * new ones get 503, then the database closes).
 */
import closeWithGrace from 'close-with-grace';
import { ConfigError } from './config/env';
import { startServer } from './start-server';
import { startBanner } from './startup/start-banner';

async function main(): Promise<void> {
  const server = await startServer();
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) server.fastify.log.error({ err }, 'shutting down after an error');
    else server.fastify.log.info(`${signal} received, shutting down`);
    await server.stop();
  });
  // The log is written asynchronously: flushed first, so the banner (with the demo's sign-in) is the last
  // thing the start leaves on a terminal, not followed by the log's "Server listening" line. Request lines
  // do not push it away on the demo either: they go at debug there (start-server.ts).
  const log = server.fastify.log as { flush?: (done: (error?: Error) => void) => void };
  if (log.flush) await new Promise<void>((resolve) => log.flush!(() => resolve()));
  console.log(startBanner(server));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
