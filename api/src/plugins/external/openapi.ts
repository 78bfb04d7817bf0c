import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

/** The OpenAPI document, generated from the route schemas: /api/docs (UI) and /api/docs/json. */
export default fp(async function openapi(fastify) {
  await fastify.register(swagger, {
    openapi: {
      info: {
        title: 'Callboard API',
        description: 'Call tracking and QC reporting. Authenticate with `Authorization: Bearer <token>` from POST /api/auth/login.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        },
      },
    },
  });
  // No policy of its own: the pages get the app's (security-headers.ts). swagger-ui loads its scripts and
  // styles as files from /api/docs/static, its initializer too. The one inline <style> it would draw is in
  // the top bar's logo (an SVG), so the page uses the layout without the top bar: nothing inline is left.
  await fastify.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { layout: 'BaseLayout' } });
});
