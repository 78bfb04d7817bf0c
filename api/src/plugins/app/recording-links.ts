import fp from 'fastify-plugin';
import { RecordingLinks } from '../../domain/recordings/recording-links';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs the recording links the API hands out and checks the ones /recordings is asked for. */
    recordingLinks: RecordingLinks;
  }
}

export default fp(async function recordingLinks(fastify, options: { jwtSecret: string }) {
  fastify.decorate('recordingLinks', new RecordingLinks(options.jwtSecret));
});
