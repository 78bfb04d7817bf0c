import type { PublicUser, Role } from '@callboard/contract';
import { partnerScopeOf, type PartnerScopeJson } from '../partners/partner-scopes-repository';

/** A `users` row as the repository selects it: never the password hash. */
export interface UserRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  active: boolean;
  avatar_url: string | null;
  created_at: Date;
  /** Selected where the scope matters (partnerScopeColumn): a partner's scope, null for anyone else. */
  partner_scope?: PartnerScopeJson | null;
}

export const USER_COLUMNS = 'id, name, email, role, active, avatar_url, created_at';

export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    active: row.active,
    avatar: row.avatar_url,
    createdAt: new Date(row.created_at).toISOString(),
    ...(row.partner_scope ? { partnerScope: partnerScopeOf(row.partner_scope) } : {}),
  };
}
