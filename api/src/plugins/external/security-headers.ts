import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export interface SecurityHeaderOptions {
  /** Origins of remotes hosted elsewhere (REMOTE_*_URL): their code, styles and requests are allowed. */
  remoteOrigins?: string[];
}

/**
 * Strict headers on every response, errors included, and
 * a Content-Security-Policy that lets the app load code only from here and
 * from the remotes' origins. No 'unsafe-inline': React's style
 * props set CSSOM properties, and the one <style> element (react-hot-toast's)
 * carries the page's nonce (routes/web.ts). /api/docs (swagger-ui) gets the same policy.
 * API responses are never cached: they carry personal and call data.
 */
export default fp<SecurityHeaderOptions>(async function securityHeaders(fastify, options) {
  const remotes = options.remoteOrigins ?? [];
  await fastify.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        scriptSrc: ["'self'", ...remotes],
        styleSrc: ["'self'", ...remotes],
        imgSrc: ["'self'", 'data:'],
        // Call recordings are links to the tracking platform.
        mediaSrc: ["'self'", 'https:', 'http:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...remotes],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  fastify.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
});
