import { DEFAULT_INGEST_SCOPES, INGEST_SCOPES, parseIngestScopes, type CreateIngestKeyBody, type IngestKey } from '@callboard/contract/ingest-keys';
import type { FastifyInstance } from 'fastify';
import { notFound, validationFailed } from '../../../http/http-error';
import { INGEST_KEY_PREFIX, hashIngestKey, newIngestKey } from '../../../domain/ingest/ingest-keys';
import { bearer, idParams } from '../schemas';

interface KeyRow {
  id: string;
  name: string;
  key_prefix: string;
  scopes: string[];
  created_by_name: string | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const toKey = (row: KeyRow): IngestKey => ({
  id: row.id,
  name: row.name,
  prefix: row.key_prefix,
  scopes: INGEST_SCOPES.filter((scope) => row.scopes.includes(scope)),
  createdBy: row.created_by_name,
  createdAt: iso(row.created_at)!,
  lastUsedAt: iso(row.last_used_at),
  revokedAt: iso(row.revoked_at),
});

const SELECT_KEYS = `SELECT k.id, k.name, k.key_prefix, k.scopes, coalesce(nullif(u.name, ''), u.email) AS created_by_name, k.created_at, k.last_used_at, k.revoked_at
  FROM ingest_keys k LEFT JOIN users u ON u.id = k.created_by`;

/** Admins (manageIngestKeys) manage the keys the tracking platform and the QC bot use. */
export default async function ingestKeyRoutes(fastify: FastifyInstance): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);
  fastify.addHook('onRequest', fastify.requirePermission('manageIngestKeys'));

  fastify.get('', { schema: { tags: ['ingest'], summary: 'The ingest keys (never the keys themselves)', security: bearer } }, async () => ({
    success: true,
    data: (await fastify.db.query<KeyRow>(`${SELECT_KEYS} ORDER BY k.created_at DESC`)).map(toKey),
  }));

  fastify.post<{ Body: CreateIngestKeyBody }>(
    '',
    {
      schema: {
        tags: ['ingest'],
        summary: 'Create a key; the response is the only time it is shown',
        security: bearer,
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
            // Loose on purpose: parseIngestScopes (contract) words every message, duplicates included.
            scopes: { description: `What the key may do: a non-empty list of ${INGEST_SCOPES.join(', ')}, each once; ${DEFAULT_INGEST_SCOPES.join(' and ')} when omitted` },
          },
        },
      },
    },
    async (request, reply) => {
      const scopes = parseIngestScopes(request.body.scopes);
      if (!Array.isArray(scopes)) throw validationFailed([scopes]);
      const key = newIngestKey();
      const [row] = await fastify.db.query<{ id: string }>(
        'INSERT INTO ingest_keys (name, key_hash, key_prefix, created_by, scopes) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [request.body.name.trim(), hashIngestKey(key), key.slice(0, INGEST_KEY_PREFIX.length + 6), request.currentUser!.id, scopes],
      );
      const [created] = await fastify.db.query<KeyRow>(`${SELECT_KEYS} WHERE k.id = $1`, [row!.id]);
      request.log.info({ actor: request.currentUser?.id, keyId: row!.id, scopes }, 'ingest key created');
      return reply.code(201).send({ success: true, message: 'Key created: copy it now, it is not shown again', data: { ...toKey(created!), key } });
    },
  );

  fastify.delete<{ Params: { id: string } }>(
    '/:id',
    { schema: { tags: ['ingest'], summary: 'Revoke a key', security: bearer, params: idParams } },
    async (request) => {
      const rows = await fastify.db.query('UPDATE ingest_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 RETURNING id', [request.params.id]);
      if (rows.length === 0) throw notFound('Key not found');
      request.log.info({ actor: request.currentUser?.id, keyId: request.params.id }, 'ingest key revoked');
      return { success: true, message: 'Key revoked' };
    },
  );
}
