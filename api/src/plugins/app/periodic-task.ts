import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` every `intervalMs` for the life of the server, one run at a time:
 * a run still going (a slow database) is not joined by another. The timer never
 * keeps the process alive; closing the server stops it and waits for a run under
 * way, so the database is not closed beneath it. `task` handles its own errors.
 */
export function runPeriodically(fastify: FastifyInstance, intervalMs: number, task: () => Promise<void>): void {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= task().finally(() => {
      running = undefined;
    });
  }, intervalMs);
  timer.unref();
  fastify.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
