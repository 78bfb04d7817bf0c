/**
 * Starts the Callboard API: reads the environment, opens and migrates the
 * database, prepares the first accounts, listens, and shuts down gracefully.
 * Everything the server does is in app.ts.
 */
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import app, { BODY_LIMIT_BYTES } from './app';
import { ConfigError, loadConfig, type Config } from './config/env';
import { resolveJwtSecret } from './config/jwt-secret';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open-database';
import { PasswordHasher } from './plugins/app/auth/password-hasher';
import { usersRepository } from './plugins/app/users/users-repository';
import { ensureAdmin } from './startup/ensure-admin';
import { DEMO_ADMIN, seedDemoUsers } from './startup/demo-users';

const REDACTED_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

async function prepareDatabase(config: Config, db: Database, log: (msg: string) => void): Promise<{ demo: boolean }> {
  const { wasEmpty, applied } = await migrate(db);
  if (applied.length > 0) log(`database: applied migrations ${applied.join(', ')}`);
  const passwords = new PasswordHasher();
  if (config.admin) {
    const outcome = await ensureAdmin(db, passwords, config.admin);
    if (outcome === 'created') log(`created admin ${config.admin.email}`);
  }
  const demo = config.demoData ?? (db.kind === 'pglite' && wasEmpty);
  if (demo && (await usersRepository.findByEmailWithHash(db, DEMO_ADMIN.email)) === undefined) {
    const count = await seedDemoUsers(db, passwords);
    log(`demo data: ${count} users`);
  }
  return { demo };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const fastify = Fastify({
    logger: { level: config.logLevel, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
  });

  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
  });
  const { demo } = await prepareDatabase(config, db, (msg) => fastify.log.info(msg));

  // fp: the app's error handler, headers and hooks apply to the whole server.
  await fastify.register(fp(app), {
    db,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    allowSignup: config.allowSignup,
  });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) fastify.log.error({ err }, 'shutting down after an error');
    else fastify.log.info(`${signal} received, shutting down`);
    await fastify.close();
    await db.close();
  });

  await fastify.listen({ port: config.port, host: config.host });
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  const lines = [
    '',
    `  Callboard is running at ${url}`,
    `  Database: ${db.kind === 'pglite' ? `embedded (${path.join(config.dataDir, 'pglite')})` : 'PostgreSQL'}`,
    demo ? `  Demo sign-in: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}` : '',
    `  API docs: ${url}/api/docs`,
    '',
  ];
  console.log(lines.filter((line, i) => line !== '' || i === 0 || i === lines.length - 1).join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
