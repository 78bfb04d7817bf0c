import type { FastifyError } from 'fastify';
import type {} from './auth/authentication';
import fp from 'fastify-plugin';
import { isStatementCancelled } from '../../db/statement-timeout';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { errorBody, fieldErrorsFromValidation } from '../../http/error-body';
import { HttpError } from '../../http/http-error';
import { queryTimeoutAnswer, queryTimeoutLog } from '../../http/query-timeout';

/**
 * Every failure leaves in the envelope's error shape (docs/api.md). Internals (stack, SQL, driver
 * text) go to the log only; the client gets a code and a sentence.
 */
export default fp(async function errorHandler(fastify) {
  fastify.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      if (error.statusCode === 403) request.log.warn({ userId: request.currentUser?.id }, `forbidden: ${error.message}`);
      return reply.code(error.statusCode).send(errorBody(error.code, error.message, error.errors));
    }
    if ('validation' in error && error.validation) {
      const errors = fieldErrorsFromValidation(error.validation, error.validationContext);
      return reply.code(400).send(errorBody('VALIDATION_ERROR', errors[0]?.message ?? 'Invalid request', errors));
    }
    if (isStatementCancelled(error)) {
      const log = queryTimeoutLog(
        { method: request.method, route: request.routeOptions.url, query: request.query, userId: request.currentUser?.id },
        error,
      );
      request.log.warn(log, 'statement cancelled at the time limit');
      const answer = queryTimeoutAnswer();
      return reply.code(answer.statusCode).headers(answer.headers).send(answer.body);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '5').send(errorBody('UNAVAILABLE', 'The database is unavailable; try again shortly'));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send(errorBody('TOO_LARGE', 'Request body is too large'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send(errorBody('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json'));
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send(errorBody('VALIDATION_ERROR', 'Request body is not valid JSON'));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      return reply.code(429).send(errorBody('RATE_LIMITED', error.message));
    }
    if (status >= 400 && status < 500) {
      // Framework-level client errors (bad URL encoding, unsupported method…): their messages are safe.
      return reply.code(status).send(errorBody('VALIDATION_ERROR', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody('INTERNAL', 'Something went wrong on our side'));
  });

  fastify.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
});
