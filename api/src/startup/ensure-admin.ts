import { normaliseEmail } from '@callboard/contract';
import type { Database } from '../db/database';
import type { PasswordHasher } from '../domain/auth/password-hasher';
import { usersRepository } from '../domain/users/users-repository';

/** SQLSTATE 23505: another instance starting at the same moment created the account first. */
const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: creates that admin when no user has the email.
 * An existing account is left exactly as it is (its password is not reset).
 */
export async function ensureAdmin(
  db: Database,
  passwords: PasswordHasher,
  admin: { email: string; password: string },
): Promise<'created' | 'exists'> {
  const email = normaliseEmail(admin.email);
  if (await usersRepository.findByEmailWithHash(db, email)) return 'exists';
  try {
    await usersRepository.insert(db, {
      name: 'Administrator',
      email,
      passwordHash: await passwords.hash(admin.password),
      role: 'admin',
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'exists';
    throw error;
  }
  return 'created';
}
