/**
 * `node dist/server.js`: starts Callboard, prints where it is and how to sign
 * in, and shuts down gracefully on SIGTERM/SIGINT (in-flight requests finish,
 * new ones get 503, then the database closes).
 */
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { ConfigError } from './config/env';
import { startServer } from './start-server';
import { DEMO_ADMIN } from './startup/demo-users';

async function main(): Promise<void> {
  const server = await startServer();
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) server.fastify.log.error({ err }, 'shutting down after an error');
    else server.fastify.log.info(`${signal} received, shutting down`);
    await server.stop();
  });
  const lines = [
    `  Callboard is running at ${server.url}`,
    `  Database: ${server.db.kind === 'pglite' ? `embedded (${path.join(server.config.dataDir, 'pglite')})` : 'PostgreSQL'}`,
    ...(server.demo ? [`  Demo sign-in: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`] : []),
    `  API docs: ${server.url}/api/docs`,
  ];
  console.log(['', ...lines, ''].join('\n'));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
