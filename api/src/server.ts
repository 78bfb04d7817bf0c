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
  // The log goes through process.stdout, as the banner does, so the two keep their order: with pino's own
  // asynchronous destination, Fastify's "Server listening" line came out after the banner.
  const server = await startServer({ logStream: process.stdout });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) server.fastify.log.error({ err }, 'shutting down after an error');
    else server.fastify.log.info(`${signal} received, shutting down`);
    await server.stop();
  });
  // Last, once the server listens; on the demo the request lines go at debug (start-server.ts), so on a
  // terminal the sign-in is not scrolled away by the first page the person opens.
  console.log(startBanner(server, { onTerminal: process.stdout.isTTY === true }));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
