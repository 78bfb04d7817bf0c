import type { FastifyInstance } from 'fastify';
import { RECORDING_LINK_PARAMS } from '@callboard/contract';
import { demoRecording } from '../demo/recordings';
import type { RecordingLinkCheck } from '../domain/recordings/recording-links';
import { forbidden, HttpError, notFound, unauthenticated } from '../http/http-error';

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

const REFUSALS: Record<Exclude<RecordingLinkCheck, { ok: true }>['reason'], () => HttpError> = {
  unsigned: () => unauthenticated("A recording is opened through the signed link in its call's details"),
  invalid: () => forbidden('This recording link is not valid: open the call again for a new one'),
  expired: () => forbidden('This recording link has expired: open the call again for a new one'),
};

/** The longest a browser keeps a recording: a day, and never past its link's expiry. */
const MAX_AGE_S = 86_400;

/**
 * The demo calls' recordings, for signed-in people only. An <audio> element
 * cannot send a bearer token, so the API signs each recording link it hands
 * out (domain/recordings/recording-links.ts) and this route serves only a
 * link it signed that has not expired; the signature is checked before the
 * file is looked up, so a refusal says nothing about which files exist.
 * Audio elements seek with Range requests, so single ranges get a 206.
 */
export default async function recordingRoutes(fastify: FastifyInstance): Promise<void> {
  const { expires: EXPIRES, signature: SIGNATURE } = RECORDING_LINK_PARAMS;
  fastify.get<{ Params: { file: string }; Querystring: Partial<Record<typeof EXPIRES | typeof SIGNATURE, string>> }>(
    '/:file',
    {
      schema: {
        tags: ['recordings'],
        summary: 'A demo call recording (WAV, 8 kHz mono) through its signed link; supports Range requests',
        description: `The link comes signed in the call's recordingUrl (\`?${EXPIRES}=…&${SIGNATURE}=…\`, 15 to 20 minutes). Without a signature → 401; a wrong or expired one → 403.`,
        params: { type: 'object', properties: { file: { type: 'string' } }, required: ['file'] },
        querystring: { type: 'object', properties: { [EXPIRES]: { type: 'string' }, [SIGNATURE]: { type: 'string' } } },
      },
    },
    async (request, reply) => {
      const path = request.url.split('?')[0] as string;
      const link = fastify.recordingLinks.check(path, request.query[EXPIRES], request.query[SIGNATURE]);
      if (!link.ok) throw REFUSALS[link.reason]();

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
      const maxAge = Math.max(0, Math.min(MAX_AGE_S, link.expires - Math.floor(Date.now() / 1000)));
      // private: only this browser keeps it; a shared cache would go on serving the link after it expires.
      reply.header('content-type', 'audio/wav').header('cache-control', `private, max-age=${maxAge}`).header('accept-ranges', 'bytes').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      if (range === undefined) return reply.send(body);
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${body.length}`)
        .send(body.subarray(range.start, range.end + 1));
    },
  );
}
