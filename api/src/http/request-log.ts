import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { LogLevel } from '../config/env';

export type RequestLogLevel = Exclude<LogLevel, 'silent'>;

/**
 * Fastify's own request log lines ("incoming request", "request completed"), written at a level the
 * server chooses instead of a fixed info. A server keeps them at info; the demo, mostly met on a person's
 * terminal, puts them at debug so a line per request does not scroll the sign-in banner away
 * (start-server.ts). Failed requests, and every other line Fastify writes, keep their levels, and the
 * lines keep Fastify's fields, so the redaction in log-redaction.ts applies unchanged.
 * `level` can be set once the start knows whether the demo is in use, before the first request.
 */
export class LeveledRequestLog extends LogController {
  constructor(public level: RequestLogLevel = 'info') {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log[this.level]({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (error || this.isLogDisabled(request)) {
      super.requestCompleted(error, request, reply, metadata);
      return;
    }
    reply.log[this.level]({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
