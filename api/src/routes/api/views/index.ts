import {
  RECORD_COLUMN_KEYS,
  VIEW_AREAS,
  VIEW_QUERY_MAX_LENGTH,
  type SavedViewBody,
  type ViewArea,
  type ViewDefaultBody,
} from '@callboard/contract';
import type { FastifyInstance } from 'fastify';
import { ViewService } from '../../../domain/views/view-service';
import { bearer, idParams, messageSchema } from '../schemas';

const savedViewSchema = {
  type: 'object',
  required: ['id', 'name', 'area', 'query', 'columns', 'shared', 'ownerId', 'ownerName', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    area: { type: 'string', enum: [...VIEW_AREAS] },
    query: { type: 'string' },
    columns: { type: ['array', 'null'], items: { type: 'string' } },
    shared: { type: 'boolean' },
    ownerId: { type: 'string', format: 'uuid' },
    ownerName: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;

const defaultsResponse = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    data: {
      type: 'object',
      required: [...VIEW_AREAS],
      properties: Object.fromEntries(VIEW_AREAS.map((area) => [area, { ...savedViewSchema, type: ['object', 'null'] }])),
    },
  },
} as const;

const viewResponse = {
  type: 'object',
  properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: savedViewSchema },
} as const;

// Shape and types here; the name's length and the query's params are judged by view-rules.ts, in the words the menu shows.
const viewFields = {
  name: { type: 'string', maxLength: 1000 },
  area: { type: 'string', enum: [...VIEW_AREAS] },
  query: { type: 'string', maxLength: VIEW_QUERY_MAX_LENGTH },
  columns: {
    type: ['array', 'null'],
    minItems: 1,
    maxItems: RECORD_COLUMN_KEYS.length,
    uniqueItems: true,
    items: { type: 'string', enum: [...RECORD_COLUMN_KEYS] },
  },
  shared: { type: 'boolean' },
} as const;

export default async function viewRoutes(fastify: FastifyInstance): Promise<void> {
  const views = new ViewService(fastify.db);
  // Every signed-in role keeps views: no requirePermission here, the service decides per view. A partner
  // account keeps its own, private ones (domain/views/view-service.ts, audienceOf): every route `scoped`.
  fastify.addHook('onRequest', fastify.authenticate);

  fastify.get(
    '',
    {
      config: { partner: 'scoped' },
      schema: {
        tags: ['views'],
        summary: "Your saved views and the team's shared ones: yours first, then by name",
        security: bearer,
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, data: { type: 'array', items: savedViewSchema } } } },
      },
    },
    async (request) => ({ success: true, data: await views.list(request.currentUser!) }),
  );

  fastify.get(
    '/defaults',
    {
      config: { partner: 'scoped' },
      schema: {
        tags: ['views'],
        summary: 'Your default view of each area (the one a bare address opens), or null',
        security: bearer,
        response: { 200: defaultsResponse },
      },
    },
    async (request) => ({ success: true, data: await views.defaults(request.currentUser!) }),
  );

  fastify.put<{ Params: { area: ViewArea }; Body: ViewDefaultBody }>(
    '/defaults/:area',
    {
      config: { partner: 'scoped' },
      schema: {
        tags: ['views'],
        summary: 'Make a view you can see your default in its area, or unset it with null',
        security: bearer,
        params: { type: 'object', required: ['area'], properties: { area: { type: 'string', enum: [...VIEW_AREAS] } } },
        body: {
          type: 'object',
          required: ['viewId'],
          additionalProperties: false,
          properties: { viewId: { type: ['string', 'null'], format: 'uuid' } },
        },
        response: { 200: defaultsResponse },
      },
    },
    async (request) => {
      const data = await views.setDefault(request.currentUser!, request.params.area, request.body.viewId);
      request.log.info({ actor: request.currentUser?.id, area: request.params.area, viewId: request.body.viewId }, 'default view set');
      return { success: true, data };
    },
  );

  fastify.post<{ Body: SavedViewBody }>(
    '',
    {
      config: { partner: 'scoped' },
      schema: {
        tags: ['views'],
        summary: 'Save a view of Reporting or Call Logs',
        security: bearer,
        body: { type: 'object', required: ['name', 'area', 'query'], additionalProperties: false, properties: viewFields },
        response: { 201: viewResponse },
      },
    },
    async (request, reply) => {
      const view = await views.create(request.currentUser!, request.body);
      request.log.info({ actor: request.currentUser?.id, viewId: view.id }, 'view saved');
      return reply.code(201).send({ success: true, message: 'View saved', data: view });
    },
  );

  fastify.put<{ Params: { id: string }; Body: Partial<SavedViewBody> }>(
    '/:id',
    {
      config: { partner: 'scoped' },
      schema: {
        tags: ['views'],
        summary: 'Change your own view: any of its fields',
        security: bearer,
        params: idParams,
        body: { type: 'object', minProperties: 1, additionalProperties: false, properties: viewFields },
        response: { 200: viewResponse },
      },
    },
    async (request) => {
      const view = await views.update(request.currentUser!, request.params.id, request.body);
      request.log.info({ actor: request.currentUser?.id, viewId: view.id }, 'view updated');
      return { success: true, message: 'View updated', data: view };
    },
  );

  fastify.delete<{ Params: { id: string } }>(
    '/:id',
    {
      config: { partner: 'scoped' },
      schema: {
        tags: ['views'],
        summary: 'Delete your own view, or (admin) a shared one',
        security: bearer,
        params: idParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await views.delete(request.currentUser!, request.params.id);
      request.log.info({ actor: request.currentUser?.id, viewId: request.params.id }, 'view deleted');
      return { success: true, message: 'View deleted' };
    },
  );
}
