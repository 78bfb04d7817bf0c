import fp from 'fastify-plugin';
import sjson from 'secure-json-parse';
import { HttpError } from '../../http/http-error';

/**
 * JSON bodies, with two rules Fastify's default parser lacks for us:
 * the spec's client sends `Content-Type: application/json` on every call, even
 * a POST with no body (logout, refresh), so an empty body reads as "no body";
 * and `__proto__` / `constructor.prototype` keys are refused outright.
 */
export default fp(async function jsonBody(fastify) {
  // JSON only: any other body type is a 415, not a string that fails validation later.
  fastify.removeContentTypeParser(['application/json', 'text/plain']);
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(new HttpError(400, 'VALIDATION_ERROR', 'Request body is not valid JSON'), undefined);
    }
  });
});
