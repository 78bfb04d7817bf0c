import {
  MESSAGES,
  normaliseEmail,
  normalisePartnerScope,
  partnerIdsUnknownMessage,
  REGISTRATION_CLOSED_MESSAGE,
  roleMay,
  SETUP_TOKEN_WRONG_MESSAGE,
  validateProfileUpdate,
  validateRegistration,
  validateUserForm,
  type CreateUserBody,
  type PartnerScope,
  type ProfileUpdateBody,
  type RegisterBody,
  type PublicUser,
  type Role,
  type UpdateUserBody,
} from '@callboard/contract';
import type { Database, Queryable } from '../../db/database';
import { isUniqueViolation } from '../../db/unavailable';
import { conflict, forbidden, HttpError, notFound, validationFailed } from '../../http/http-error';
import type { PasswordHasher } from '../auth/password-hasher';
import { savePartnerScope, unknownPartnerIds } from '../partners/partner-scopes-repository';
import { sessionsRepository } from '../auth/sessions-repository';
import type { SignInThrottle } from '../auth/sign-in-throttle';
import { registrationOpen, type RegistrationPolicy } from './registration-policy';
import { setupTokenMatches } from './setup-token';
import { toPublicUser } from './user-row';
import { usersRepository, type UserWithHash } from './users-repository';

const EMAIL_TAKEN = 'Email is already registered';
const USER_NOT_FOUND = 'User not found';
// Serialises "is this the first account?" so two simultaneous first sign-ups cannot both become admin
// (nor, under the 'first-account' policy, both get in).
const FIRST_ACCOUNT_LOCK = 4_120_912;

/** Named as the field's error too, so the register form shows it under Setup token. */
const wrongSetupToken = () => new HttpError(403, 'FORBIDDEN', SETUP_TOKEN_WRONG_MESSAGE, [{ field: 'setupToken', message: SETUP_TOKEN_WRONG_MESSAGE }]);

/** Where a change comes from: what changing your own password needs besides the body. */
export interface ChangeOrigin {
  /** The session making the request: it stays signed in when its owner changes their own password. */
  sessionId: string | null;
  /** The client address, for the sign-in throttle when no session is named. */
  ip: string;
  /** Hears of a wrong current password (for the log). */
  onWrongCurrentPassword?: () => void;
}

/**
 * After a new password for your own account: whoever else holds one of your sessions is out (it may be
 * whoever learnt the old password), the one you changed it from goes on. With no session named (never
 * the case on a signed-in request, whose token names one), all of them end.
 */
async function endOtherSessions(tx: Queryable, userId: string, keepSessionId: string | null): Promise<void> {
  if (keepSessionId) await sessionsRepository.revokeOthersForUser(tx, userId, keepSessionId);
  else await sessionsRepository.revokeAllForUser(tx, userId);
}

/**
 * The scope a create or update writes with the user's row: the body's for a partner (validateUserForm has
 * checked its shape), null for anyone else (which removes a former partner's scope). 400 under
 * `partnerScope.ids` when one is no publisher (or buyer) of the network.
 */
async function scopeToSave(db: Queryable, role: Role, scope: PartnerScope | undefined): Promise<PartnerScope | null> {
  if (role !== 'partner' || !scope) return null;
  const normalised = normalisePartnerScope(scope);
  const unknown = await unknownPartnerIds(db, normalised.kind, normalised.ids);
  if (unknown.length > 0) throw validationFailed([{ field: 'partnerScope.ids', message: partnerIdsUnknownMessage(normalised.kind, unknown) }]);
  return normalised;
}

/** A page of users and where it sits among all of them. */
export interface UserPage {
  users: PublicUser[];
  total: number;
  pageInfo: { currentPage: number; totalPages: number; hasNext: boolean; hasPrev: boolean };
}

/**
 * The rules for reading and changing users, apart from HTTP: who may change
 * what, the last-admin rule (an account must always be able to manage the
 * others), and which changes end the user's sessions at once, so a demoted,
 * deactivated or re-keyed account stops working immediately. Every change runs
 * in one transaction with the affected rows locked.
 */
export class UserService {
  constructor(
    private readonly db: Database,
    private readonly passwords: PasswordHasher,
    /** Counts the current-password checks of a password change as sign-in attempts. */
    private readonly signInThrottle: SignInThrottle,
  ) {}

  /** Page `page` (from 1) of `limit` users, newest first; a blank search matches everyone. */
  async page(page: number, limit: number, search: string | undefined): Promise<UserPage> {
    const { rows, total } = await usersRepository.list(this.db, { search: search?.trim() || undefined, limit, offset: (page - 1) * limit });
    const totalPages = Math.max(1, Math.ceil(total / limit));
    return {
      users: rows.map(toPublicUser),
      total,
      pageInfo: { currentPage: page, totalPages, hasNext: page < totalPages, hasPrev: page > 1 },
    };
  }

  /** Up to `limit` users whose name, email or role contains `query`. */
  async search(query: string, limit: number): Promise<PublicUser[]> {
    const { rows } = await usersRepository.list(this.db, { search: query.trim() || undefined, limit, offset: 0 });
    return rows.map(toPublicUser);
  }

  async get(id: string): Promise<PublicUser> {
    const row = await usersRepository.findById(this.db, id);
    if (!row) throw notFound(USER_NOT_FOUND);
    return toPublicUser(row);
  }

  /**
   * Opens an account from the sign-up form, if `policy` lets anyone in now,
   * and returns the email it is kept under. The very first account becomes an
   * admin, every later one a user; with a `setupToken`, that first one must bring it.
   */
  async register(body: RegisterBody, policy: RegistrationPolicy, setupToken?: string): Promise<string> {
    // Before validating or hashing: a closed door, or a first account without the token, costs no scrypt.
    if (!(await registrationOpen(this.db, policy))) throw forbidden(REGISTRATION_CLOSED_MESSAGE);
    const tokenRefused = () => setupToken !== undefined && !setupTokenMatches(setupToken, body.setupToken);
    if (tokenRefused() && !(await usersRepository.anyExists(this.db))) throw wrongSetupToken();
    const errors = validateRegistration({ name: body.name, email: body.email, password: body.password });
    if (errors.length > 0) throw validationFailed(errors);

    const email = normaliseEmail(body.email);
    if (await usersRepository.emailTaken(this.db, email)) throw conflict(EMAIL_TAKEN);
    const passwordHash = await this.passwords.hash(body.password);
    try {
      await this.db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [FIRST_ACCOUNT_LOCK]);
        const first = !(await usersRepository.anyExists(tx));
        // Asked again under the lock: another first sign-up may have got in since the check above.
        if (!first && policy === 'first-account') throw forbidden(REGISTRATION_CLOSED_MESSAGE);
        if (first && tokenRefused()) throw wrongSetupToken();
        await usersRepository.insert(tx, { name: body.name.trim(), email, passwordHash, role: first ? 'admin' : 'user' });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
      throw error;
    }
    return email;
  }

  async create(body: CreateUserBody): Promise<PublicUser> {
    const errors = validateUserForm(body as unknown as Record<string, unknown>, 'create');
    if (errors.length > 0) throw validationFailed(errors);
    const email = normaliseEmail(body.email);
    if (await usersRepository.emailTaken(this.db, email)) throw conflict(EMAIL_TAKEN);
    const scope = await scopeToSave(this.db, body.role, body.partnerScope);
    const passwordHash = await this.passwords.hash(body.password);
    try {
      // The user and its scope together: a scope that cannot be written leaves no partner without one.
      return await this.db.transaction(async (tx) => {
        const row = await usersRepository.insert(tx, {
          name: (body.name ?? '').trim(),
          email,
          passwordHash,
          role: body.role,
          avatarUrl: body.avatar ?? null,
        });
        if (scope) await savePartnerScope(tx, row.id, scope);
        return this.reread(tx, row.id);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
      throw error;
    }
  }

  /**
   * A new password for your own account needs the current one (400 without it, 403 when wrong), and
   * ends your other sessions but keeps this one; an admin setting someone else's needs no more than
   * being an admin, and ends all of theirs.
   */
  async update(actor: PublicUser, id: string, body: UpdateUserBody, origin: ChangeOrigin): Promise<PublicUser> {
    const isAdmin = roleMay(actor.role, 'manageUsers');
    const ownAccount = actor.id === id;
    if (!isAdmin && !ownAccount) throw forbidden('Only an admin can change other users');
    const errors = validateUserForm(body as unknown as Record<string, unknown>, 'edit', { ownAccount });
    if (errors.length > 0) throw validationFailed(errors);
    if (ownAccount && body.password) await this.confirmCurrentPassword(actor, body.currentPassword ?? '', origin);
    const email = normaliseEmail(body.email);
    // Hash outside the transaction: it takes a few hundred milliseconds and needs no lock.
    const passwordHash = body.password ? await this.passwords.hash(body.password) : undefined;
    const scope = await scopeToSave(this.db, body.role, body.partnerScope);

    try {
      return await this.db.transaction(async (tx) => {
        const current = await usersRepository.findByIdForUpdate(tx, id);
        if (!current) throw notFound(USER_NOT_FOUND);
        const active = body.active ?? current.active;
        if (!isAdmin && (body.role !== current.role || active !== current.active || email !== current.email)) {
          throw forbidden("Only an admin can change a user's email, role or status");
        }
        if (current.role === 'admin' && current.active && (body.role !== 'admin' || !active)) {
          await this.ensureAnotherActiveAdmin(tx, id, 'demoted or deactivated');
        }
        if (email !== current.email && (await usersRepository.emailTaken(tx, email, id))) throw conflict(EMAIL_TAKEN);
        const row = await usersRepository.update(tx, id, {
          name: (body.name ?? '').trim(),
          email,
          role: body.role,
          active,
          avatarUrl: body.avatar === undefined ? current.avatar_url : body.avatar,
          passwordHash,
        });
        // A partner's scope is read on each of its requests (authentication), so a change applies at the next one.
        if (scope || current.partner_scope) await savePartnerScope(tx, id, scope);
        const roleChanged = body.role !== current.role;
        const deactivated = current.active && !active;
        // Your own new password and nothing else that ends sessions: whoever else holds one of yours is
        // out (it may be whoever learnt the old password), the one you changed it from goes on.
        if (passwordHash && ownAccount && !roleChanged && !deactivated) await endOtherSessions(tx, id, origin.sessionId);
        else if (passwordHash || roleChanged || deactivated) await sessionsRepository.revokeAllForUser(tx, id);
        return scope || current.partner_scope ? this.reread(tx, id) : toPublicUser(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
      throw error;
    }
  }

  /**
   * The signed-in person changes their own name, avatar or password (PUT /api/auth/profile), whatever
   * their role; never their email, role or status. A new password follows the rules of `update` for your
   * own account: the current one first, then every other session of yours ends and this one goes on.
   */
  async updateProfile(actor: PublicUser, body: ProfileUpdateBody, origin: ChangeOrigin): Promise<PublicUser> {
    const errors = validateProfileUpdate(body as unknown as Record<string, unknown>);
    if (errors.length > 0) throw validationFailed(errors);
    const { name, avatar, newPassword, currentPassword } = body;
    if (newPassword) await this.confirmCurrentPassword(actor, currentPassword ?? '', origin);
    // Hash outside the transaction: it takes a few hundred milliseconds and needs no lock.
    const passwordHash = newPassword ? await this.passwords.hash(newPassword) : undefined;

    return this.db.transaction(async (tx) => {
      const current = await usersRepository.findByIdForUpdate(tx, actor.id);
      // Deleted since this request was authenticated.
      if (!current) throw notFound(USER_NOT_FOUND);
      const row = await usersRepository.update(tx, actor.id, {
        ...this.unchanged(current, { role: current.role }),
        name: name === undefined ? current.name : name.trim(),
        avatarUrl: avatar === undefined ? current.avatar_url : avatar,
        passwordHash,
      });
      if (passwordHash) await endOtherSessions(tx, actor.id, origin.sessionId);
      return toPublicUser(row);
    });
  }

  async changeRole(id: string, role: Role): Promise<PublicUser> {
    return this.db.transaction(async (tx) => {
      const current = await usersRepository.findByIdForUpdate(tx, id);
      if (!current) throw notFound(USER_NOT_FOUND);
      if (current.role === role) return toPublicUser(current);
      // A role alone cannot say whose calls a partner sees: the user dialog sets the scope with the role.
      if (role === 'partner') throw validationFailed([{ field: 'role', message: MESSAGES.partnerRoleNeedsScope }]);
      if (current.role === 'admin' && current.active) await this.ensureAnotherActiveAdmin(tx, id, 'demoted');
      const row = await usersRepository.update(tx, id, this.unchanged(current, { role }));
      if (current.partner_scope) await savePartnerScope(tx, id, null);
      await sessionsRepository.revokeAllForUser(tx, id);
      return toPublicUser(row);
    });
  }

  async delete(actor: PublicUser, id: string): Promise<void> {
    if (actor.id === id) throw conflict('You cannot delete your own account');
    await this.db.transaction(async (tx) => {
      const current = await usersRepository.findByIdForUpdate(tx, id);
      if (!current) throw notFound(USER_NOT_FOUND);
      if (current.role === 'admin' && current.active) await this.ensureAnotherActiveAdmin(tx, id, 'deleted');
      // Sessions go with the row (ON DELETE CASCADE), so its tokens stop working at once.
      await usersRepository.delete(tx, id);
    });
  }

  /**
   * 403 unless `currentPassword` opens `actor`'s account. Counted before the check on the session's own
   * count (sign-in-throttle.ts): ten wrong in an hour and that session gets 429, so an unattended signed-in
   * screen cannot be used to guess the password, while strangers slowing the account's sign-ins cannot
   * stop its owner changing it. Without a session (never on a signed-in request), as a sign-in from `ip`.
   */
  private async confirmCurrentPassword(actor: PublicUser, currentPassword: string, origin: ChangeOrigin): Promise<void> {
    const email = normaliseEmail(actor.email);
    const check = async (knownDevice: boolean) => {
      const row = await usersRepository.findByEmailWithHash(this.db, email);
      return row?.id === actor.id && (await this.passwords.verify(currentPassword, row.password_hash, { knownDevice })) ? true : undefined;
    };
    const confirmed = origin.sessionId
      ? await this.signInThrottle.inSession(origin.sessionId, check)
      : await this.signInThrottle.attempt(origin.ip, email, check);
    if (!confirmed) {
      origin.onWrongCurrentPassword?.();
      // Named as the field's error too, so the form shows it under Current password.
      throw new HttpError(403, 'FORBIDDEN', MESSAGES.currentPasswordWrong, [{ field: 'currentPassword', message: MESSAGES.currentPasswordWrong }]);
    }
  }

  /** The user as just written, with its scope. */
  private async reread(tx: Queryable, id: string): Promise<PublicUser> {
    const row = await usersRepository.findById(tx, id);
    if (!row) throw notFound(USER_NOT_FOUND);
    return toPublicUser(row);
  }

  private async ensureAnotherActiveAdmin(tx: Parameters<typeof usersRepository.lockOtherActiveAdmins>[0], id: string, what: string) {
    if ((await usersRepository.lockOtherActiveAdmins(tx, id)) === 0) {
      throw conflict(`The last active admin cannot be ${what}`);
    }
  }

  private unchanged(current: UserWithHash, changes: { role: Role }) {
    return {
      name: current.name,
      email: current.email,
      role: changes.role,
      active: current.active,
      avatarUrl: current.avatar_url,
    };
  }
}
