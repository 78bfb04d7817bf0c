import {
  ROLES,
  ROLE_LABELS,
  SEARCH_MAX_LENGTH,
  USER_LIST_DEFAULT_LIMIT,
  USER_LIST_MAX_LIMIT,
  USER_SEARCH_LIMIT,
  type CreateUserBody,
  type Role,
  type UpdateUserBody,
} from '@callboard/contract';
import type { FastifyInstance } from 'fastify';
import type { SignInThrottle } from '../../../domain/auth/sign-in-throttle';
import { UserService } from '../../../domain/users/user-service';
import { avatarSchema, bearer, idParams, messageSchema, userResponse, userSchema } from '../schemas';
import viewAsRoutes from './view-as';

const userListResponse = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    data: { type: 'array', items: userSchema },
    total: { type: 'integer' },
    pageInfo: {
      type: 'object',
      properties: {
        currentPage: { type: 'integer' },
        totalPages: { type: 'integer' },
        hasNext: { type: 'boolean' },
        hasPrev: { type: 'boolean' },
      },
    },
  },
} as const;

// Loose on purpose where validateUserForm words the message (the form shows the same one); strict on shape.
const userFormBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: 1000 },
    email: { type: 'string', maxLength: 1000 },
    password: { type: 'string', maxLength: 1000 },
    role: { type: 'string', maxLength: 20 },
    active: { type: 'boolean' },
    avatar: avatarSchema,
    // Its fields are judged by validatePartnerScope (contract/src/validation.ts), one message per field.
    partnerScope: { type: ['object', 'null'] },
  },
} as const;

// Editing adds the current password, which a change of your own password needs (UserService.update).
const userUpdateBody = {
  ...userFormBody,
  properties: { ...userFormBody.properties, currentPassword: { type: 'string', maxLength: 1000 } },
} as const;

export interface UserRouteOptions {
  /** The sign-in throttle (app.ts): a wrong current password counts as a failed sign-in. */
  signInThrottle: SignInThrottle;
}

export default async function userRoutes(fastify: FastifyInstance, options: UserRouteOptions): Promise<void> {
  const users = new UserService(fastify.db, fastify.passwords, options.signInThrottle);
  fastify.addHook('onRequest', fastify.authenticate);
  await fastify.register(viewAsRoutes);

  // '' rather than '/': the path is /api/users exactly, as the clients and the OpenAPI document name it.
  fastify.get<{ Querystring: { page: number; limit: number; search?: string } }>(
    '',
    {
      schema: {
        tags: ['users'],
        summary: 'A page of users, newest first; search matches name, email or role',
        security: bearer,
        querystring: {
          type: 'object',
          properties: {
            page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
            limit: { type: 'integer', minimum: 1, maximum: USER_LIST_MAX_LIMIT, default: USER_LIST_DEFAULT_LIMIT },
            search: { type: 'string', maxLength: SEARCH_MAX_LENGTH },
          },
        },
        response: { 200: userListResponse },
      },
    },
    async (request) => {
      const { page, limit, search } = request.query;
      const { users: data, total, pageInfo } = await users.page(page, limit, search);
      return { success: true, data, total, pageInfo };
    },
  );

  fastify.get(
    '/roles',
    { schema: { tags: ['users'], summary: 'The roles a user can have', security: bearer } },
    async () => ({ success: true, data: ROLES.map((value) => ({ value, label: ROLE_LABELS[value] })) }),
  );

  fastify.get<{ Querystring: { q: string; limit: number } }>(
    '/search',
    {
      schema: {
        tags: ['users'],
        summary: 'Users whose name, email or role contains q',
        security: bearer,
        querystring: {
          type: 'object',
          required: ['q'],
          properties: {
            q: { type: 'string', maxLength: SEARCH_MAX_LENGTH },
            limit: { type: 'integer', minimum: 1, maximum: USER_SEARCH_LIMIT, default: USER_SEARCH_LIMIT },
          },
        },
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, data: { type: 'array', items: userSchema } } } },
      },
    },
    async (request) => {
      return { success: true, data: await users.search(request.query.q, request.query.limit) };
    },
  );

  fastify.get<{ Params: { id: string } }>(
    '/:id',
    { schema: { tags: ['users'], summary: 'One user', security: bearer, params: idParams, response: { 200: userResponse } } },
    async (request) => {
      return { success: true, data: await users.get(request.params.id) };
    },
  );

  fastify.post<{ Body: CreateUserBody }>(
    '',
    {
      onRequest: fastify.requirePermission('manageUsers'),
      schema: { tags: ['users'], summary: 'Create a user (admin)', security: bearer, body: userFormBody, response: { 201: userResponse } },
    },
    async (request, reply) => {
      const user = await users.create(request.body ?? ({} as CreateUserBody));
      request.log.info({ actor: request.currentUser?.id, userId: user.id }, 'user created');
      return reply.code(201).send({ success: true, message: 'User created successfully', data: user });
    },
  );

  fastify.put<{ Params: { id: string }; Body: UpdateUserBody }>(
    '/:id',
    {
      schema: {
        tags: ['users'],
        summary:
          'Update a user (admin, or yourself: name and password only); an empty password keeps the current one; ' +
          'a new password for your own account needs `currentPassword` and ends your other sessions',
        security: bearer,
        params: idParams,
        body: userUpdateBody,
        response: { 200: userResponse },
      },
    },
    async (request) => {
      const user = await users.update(request.currentUser!, request.params.id, request.body ?? ({} as UpdateUserBody), {
        sessionId: request.sessionId,
        ip: request.ip,
        onWrongCurrentPassword: () => request.log.warn({ userId: request.currentUser?.id, ip: request.ip }, 'password change: wrong current password'),
      });
      request.log.info({ actor: request.currentUser?.id, userId: user.id }, 'user updated');
      return { success: true, message: 'User updated successfully', data: user };
    },
  );

  fastify.patch<{ Params: { id: string }; Body: { role: Role } }>(
    '/:id/role',
    {
      onRequest: fastify.requirePermission('manageUsers'),
      schema: {
        tags: ['users'],
        summary: "Change a user's role (admin)",
        security: bearer,
        params: idParams,
        body: {
          type: 'object',
          required: ['role'],
          additionalProperties: false,
          properties: { role: { type: 'string', enum: [...ROLES] } },
        },
        response: { 200: userResponse },
      },
    },
    async (request) => {
      const user = await users.changeRole(request.params.id, request.body.role);
      request.log.info({ actor: request.currentUser?.id, userId: user.id, role: user.role }, 'role changed');
      return { success: true, message: 'Role updated successfully', data: user };
    },
  );

  fastify.delete<{ Params: { id: string } }>(
    '/:id',
    {
      onRequest: fastify.requirePermission('manageUsers'),
      schema: { tags: ['users'], summary: 'Delete a user (admin)', security: bearer, params: idParams, response: { 200: messageSchema } },
    },
    async (request) => {
      await users.delete(request.currentUser!, request.params.id);
      request.log.info({ actor: request.currentUser?.id, userId: request.params.id }, 'user deleted');
      return { success: true, message: 'User deleted successfully' };
    },
  );
}
