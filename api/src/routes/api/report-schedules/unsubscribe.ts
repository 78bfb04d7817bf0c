import { REPORT_SCHEDULE_MESSAGES } from '@callboard/contract/report-schedules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { reportSchedulesRepository } from '../../../domain/reports/report-schedules-repository';
import { notFound } from '../../../http/http-error';

/** A token as newUnsubscribeToken makes them: 32 bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Unsubscribes a client address may ask for in a minute: a person clicks one link, a guesser is held back. */
export const UNSUBSCRIBES_PER_MINUTE = 30;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A page with no script and no style of its own (the Content-Security-Policy allows neither inline). */
function page(title: string, body: string): string {
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} · Callboard</title></head>\n<body><main><h1>${escape(title)}</h1>\n${body}\n</main></body></html>\n`;
}

const prefersHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

type TokenQuery = { Querystring: { token?: string } };

/**
 * One-click unsubscribe from a scheduled report (RFC 8058), without signing in: the token in the link is the
 * only credential, and it takes only its own recipient off its own schedule. GET shows a page with one button,
 * because mail scanners open links (a GET that unsubscribed would take people off reports they never left);
 * POST unsubscribes: that button, or the mail client's own one-click POST that the List-Unsubscribe-Post header
 * announces. Rate limited per client address, apart from everything else.
 */
export default async function reportUnsubscribeRoutes(fastify: FastifyInstance): Promise<void> {
  // A mail client posts "List-Unsubscribe=One-Click" as a form (urlencoded or multipart): the token is in the URL,
  // so the body is read and ignored.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    fastify.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));
  }
  const config = { rateLimit: { max: UNSUBSCRIBES_PER_MINUTE, timeWindow: '1 minute' } };
  const querystring = { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } } as const;

  fastify.get<TokenQuery>(
    '/unsubscribe',
    { config, schema: { tags: ['reports'], summary: 'The unsubscribe page of a report email’s link: what it unsubscribes from, and a button that does it', querystring } },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const found = TOKEN.test(token) ? await reportSchedulesRepository.findByToken(fastify.db, token) : undefined;
      reply.type('text/html; charset=utf-8');
      if (!found) return reply.code(404).send(page('Unsubscribe', `<p>${escape(REPORT_SCHEDULE_MESSAGES.unsubscribeInvalid)}.</p>`));
      return reply.send(
        page(
          'Unsubscribe',
          `<p>Stop sending the report “${escape(found.viewName)}” to ${escape(found.email)}?</p>\n<form method="post" action="?token=${escape(encodeURIComponent(token))}"><button type="submit">Unsubscribe</button></form>`,
        ),
      );
    },
  );

  fastify.post<TokenQuery>(
    '/unsubscribe',
    { config, schema: { tags: ['reports'], summary: 'Take the link’s recipient off its report (RFC 8058 one-click); 404 for a token that names nobody', querystring } },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const removed = TOKEN.test(token) ? await reportSchedulesRepository.unsubscribe(fastify.db, token) : undefined;
      if (removed) request.log.info({ scheduleId: removed.scheduleId, userId: removed.userId }, 'report recipient unsubscribed');
      return answer(request, reply, removed !== undefined);
    },
  );
}

function answer(request: FastifyRequest, reply: FastifyReply, done: boolean) {
  if (prefersHtml(request)) {
    const message = done ? REPORT_SCHEDULE_MESSAGES.unsubscribed : REPORT_SCHEDULE_MESSAGES.unsubscribeInvalid;
    return reply.code(done ? 200 : 404).type('text/html; charset=utf-8').send(page('Unsubscribe', `<p>${escape(message)}.</p>`));
  }
  if (!done) throw notFound(REPORT_SCHEDULE_MESSAGES.unsubscribeInvalid);
  return reply.send({ success: true, message: REPORT_SCHEDULE_MESSAGES.unsubscribed });
}
