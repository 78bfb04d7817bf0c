import { AVATAR_URL_MAX_LENGTH, AVATAR_URL_PATTERN, CALLER_ID_VISIBILITY, PARTNER_KINDS, ROLES } from '@callboard/contract';

/**
 * JSON schemas shared by several route folders. They validate requests,
 * shape responses (a field not listed here never leaves the server) and
 * feed the OpenAPI document.
 */
export const userSchema = {
  $id: 'User',
  type: 'object',
  required: ['_id', 'id', 'name', 'email', 'role', 'active', 'avatar', 'createdAt'],
  properties: {
    _id: { type: 'string', format: 'uuid' },
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string', enum: [...ROLES] },
    active: { type: 'boolean' },
    avatar: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    // A partner's scope (contract/src/partners.ts); absent for the network's own people.
    partnerScope: {
      type: 'object',
      properties: {
        kind: { type: 'string', enum: [...PARTNER_KINDS] },
        ids: { type: 'array', items: { type: 'integer' } },
        historyFrom: { type: ['string', 'null'] },
        callerId: { type: 'string', enum: [...CALLER_ID_VISIBILITY] },
        recordings: { type: 'boolean' },
        transcripts: { type: 'boolean' },
        counterparty: { type: 'boolean' },
      },
    },
    // Set while an admin views as this partner: the admin.
    viewAsBy: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
  },
} as const;

/** One user, as the users routes and PUT /api/auth/profile answer. */
export const userResponse = {
  type: 'object',
  properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: userSchema },
} as const;

/** An avatar URL as the users API takes it: http(s) only (contract/src/validation.ts), or null for none. */
export const avatarSchema = { type: ['string', 'null'], maxLength: AVATAR_URL_MAX_LENGTH, pattern: AVATAR_URL_PATTERN } as const;

export const messageSchema = {
  type: 'object',
  required: ['success', 'message'],
  properties: { success: { type: 'boolean' }, message: { type: 'string' } },
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid' } },
} as const;

export const bearer = [{ bearer: [] }];
