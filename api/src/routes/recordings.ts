import type { FastifyInstance } from 'fastify';
import { demoRecording } from '../demo/recordings';
import { HttpError, notFound } from '../http/http-error';

type ByteRange = { start: number; end: number };

/**
 * One `bytes=` range of RFC 9110 §14.1.2: `a-b`, `a-` or `-n`. Returns
 * undefined for a header to ignore (another unit, several ranges, nonsense),
 * which serves the whole file as the RFC allows, and 'unsatisfiable' for a
 * range that starts past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '') {
    const suffix = Number(last);
    return suffix === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  return start >= size ? 'unsatisfiable' : { start, end };
}

/**
 * The demo calls' recordings. Public: an <audio> element cannot send a
 * bearer token, and the files are synthetic. Audio elements seek with Range
 * requests, so single ranges get a 206.
 */
export default async function recordingRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.get<{ Params: { file: string } }>(
    '/:file',
    {
      schema: {
        tags: ['recordings'],
        summary: 'A demo call recording (WAV, 8 kHz mono); supports Range requests',
        params: { type: 'object', properties: { file: { type: 'string' } }, required: ['file'] },
      },
    },
    async (request, reply) => {
      const match = /^demo-([1-9]\d{0,2})\.wav$/.exec(request.params.file);
      const recording = match ? demoRecording(Number(match[1])) : undefined;
      if (!recording) throw notFound(`No recording named ${request.params.file}`);
      const { body, etag } = recording;

      const ifRange = request.headers['if-range'];
      const range = ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, body.length) : undefined;
      if (range === 'unsatisfiable') {
        throw new HttpError(416, 'VALIDATION_ERROR', `Range not satisfiable: the recording is ${body.length} bytes`, undefined, {
          'content-range': `bytes */${body.length}`,
          'accept-ranges': 'bytes',
        });
      }
      reply.header('content-type', 'audio/wav').header('cache-control', 'public, max-age=86400').header('accept-ranges', 'bytes').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      if (range === undefined) return reply.send(body);
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${body.length}`)
        .send(body.subarray(range.start, range.end + 1));
    },
  );
}
