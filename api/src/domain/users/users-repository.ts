import type { Role } from '@callboard/contract';
import type { Queryable } from '../../db/database';
import { paramBinder } from '../../db/sql-params';
import { partnerScopeColumn } from '../partners/partner-scopes-repository';
import { USER_COLUMNS, type UserRow } from './user-row';

/** A user's columns with its partner scope (null for the network's own people), as every read that answers a user selects them. */
const WITH_SCOPE = `${USER_COLUMNS}, ${partnerScopeColumn('users')}`;

export interface UserWithHash extends UserRow {
  password_hash: string;
}

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  role: Role;
  avatarUrl?: string | null;
}

export interface UserChanges {
  name: string;
  email: string;
  role: Role;
  active: boolean;
  avatarUrl: string | null;
  /** undefined keeps the current password. */
  passwordHash?: string;
}

/** `%` and `_` in a search are matched literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Everything the app reads from or writes to `users`; callers pass a transaction when they need one. */
export const usersRepository = {
  async findById(db: Queryable, id: string): Promise<UserRow | undefined> {
    const [row] = await db.query<UserRow>(`SELECT ${WITH_SCOPE} FROM users WHERE id = $1`, [id]);
    return row;
  },

  async findByIdForUpdate(db: Queryable, id: string): Promise<UserWithHash | undefined> {
    const [row] = await db.query<UserWithHash>(`SELECT ${WITH_SCOPE}, password_hash FROM users WHERE id = $1 FOR UPDATE`, [id]);
    return row;
  },

  async findByEmailWithHash(db: Queryable, email: string): Promise<UserWithHash | undefined> {
    const [row] = await db.query<UserWithHash>(
      `SELECT ${WITH_SCOPE}, password_hash FROM users WHERE lower(email) = lower($1)`,
      [email],
    );
    return row;
  },

  async emailTaken(db: Queryable, email: string, exceptId?: string): Promise<boolean> {
    const rows = await db.query(
      'SELECT 1 FROM users WHERE lower(email) = lower($1) AND ($2::uuid IS NULL OR id <> $2::uuid)',
      [email, exceptId ?? null],
    );
    return rows.length > 0;
  },

  async anyExists(db: Queryable): Promise<boolean> {
    const [row] = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS any');
    return row?.any === true;
  },

  /** Name, email or role containing `search` (case-insensitive), newest first. */
  async list(db: Queryable, { search, limit, offset }: { search?: string; limit: number; offset: number }) {
    const params: unknown[] = [];
    const bind = paramBinder(params);
    const pattern = search ? bind(likePattern(search)) : undefined;
    const where = pattern ? `WHERE name ILIKE ${pattern} OR email ILIKE ${pattern} OR role ILIKE ${pattern}` : '';
    const countParams = [...params];
    const [rows, [countRow]] = await Promise.all([
      db.query<UserRow>(
        `SELECT ${WITH_SCOPE} FROM users ${where} ORDER BY created_at DESC, id DESC LIMIT ${bind(limit)} OFFSET ${bind(offset)}`,
        params,
      ),
      db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users ${where}`, countParams),
    ]);
    return { rows, total: countRow?.total ?? 0 };
  },

  async insert(db: Queryable, user: NewUser): Promise<UserRow> {
    const [row] = await db.query<UserRow>(
      `INSERT INTO users (name, email, password_hash, role, avatar_url)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${USER_COLUMNS}`,
      [user.name, user.email, user.passwordHash, user.role, user.avatarUrl ?? null],
    );
    return row as UserRow;
  },

  async update(db: Queryable, id: string, changes: UserChanges): Promise<UserRow> {
    const [row] = await db.query<UserRow>(
      `UPDATE users SET name = $2, email = $3, role = $4, active = $5, avatar_url = $6,
         password_hash = COALESCE($7, password_hash), updated_at = now()
       WHERE id = $1 RETURNING ${USER_COLUMNS}`,
      [id, changes.name, changes.email, changes.role, changes.active, changes.avatarUrl, changes.passwordHash ?? null],
    );
    return row as UserRow;
  },

  async delete(db: Queryable, id: string): Promise<void> {
    await db.query('DELETE FROM users WHERE id = $1', [id]);
  },

  /** Locks and counts the active admins other than `exceptId`, for the last-admin rule. */
  async lockOtherActiveAdmins(db: Queryable, exceptId: string): Promise<number> {
    const rows = await db.query("SELECT id FROM users WHERE role = 'admin' AND active AND id <> $1 FOR UPDATE", [exceptId]);
    return rows.length;
  },
};
