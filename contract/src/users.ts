import type { PartnerScope, ViewAsBy } from './partners';

/**
 * The network's own roles, least to most trusted, then `partner`: a publisher or buyer outside the
 * network, who reads only its own calls (partners.ts says what it sees). What each may do is permissions.ts.
 */
export const ROLES = ['user', 'reviewer', 'admin', 'partner'] as const;
export type Role = (typeof ROLES)[number];

/** The roles of people inside the network: they read every call. */
export const STAFF_ROLES = ['user', 'reviewer', 'admin'] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role, string> = { user: 'User', reviewer: 'Reviewer', admin: 'Admin', partner: 'Partner' };

/**
 * A user as it leaves the server. `_id` and `id` hold the same value (clients
 * read both). The activity flag is `active` everywhere. No hash or secret
 * ever appears here.
 */
export interface PublicUser {
  _id: string;
  id: string;
  name: string;
  email: string;
  role: Role;
  active: boolean;
  avatar: string | null;
  createdAt: string;
  /** A partner's scope (role `partner` only): whose calls it sees, from when, and which fields. */
  partnerScope?: PartnerScope;
  /** Set while an admin views as this partner (partners.ts, View as partner): the admin doing it. */
  viewAsBy?: ViewAsBy;
}

/** Body of POST /api/users. */
export interface CreateUserBody {
  name?: string;
  email: string;
  password: string;
  role: Role;
  avatar?: string | null;
  /** Required with role `partner`, refused with any other. */
  partnerScope?: PartnerScope;
}

/** Body of PUT /api/users/{id}: an empty password keeps the current one. */
export interface UpdateUserBody {
  name?: string;
  email: string;
  password?: string;
  /** Required with a new `password` for your own account (not when an admin sets someone else's). */
  currentPassword?: string;
  role: Role;
  active?: boolean;
  avatar?: string | null;
  /** Required with role `partner`, refused with any other. */
  partnerScope?: PartnerScope;
}

export interface PageInfo {
  currentPage: number;
  totalPages: number;
  hasNext: boolean;
  hasPrev: boolean;
}

/** GET /api/users */
export interface UserListResponse {
  success: true;
  data: PublicUser[];
  total: number;
  pageInfo: PageInfo;
}

export interface RoleOption {
  value: Role;
  label: string;
}
