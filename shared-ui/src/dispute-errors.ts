import { ApiError } from '@callboard/shared-auth/api-fetch';
import toast from 'react-hot-toast';

/**
 * Whether a dispute change was refused because someone else changed the dispute first (409: decided or
 * withdrawn meanwhile, or a call already disputed): the screen says so and reads the dispute again.
 */
export function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}

/** A failed request said in a toast: the server's message, else `fallback`. */
export function reportFailure(error: unknown, fallback: string): void {
  toast.error(error instanceof Error && error.message ? error.message : fallback);
}
