/**
 * How the admin tabs (deliveries, connectors) send a change: the request, a toast with the server's own words
 * (its `message`, else the screen's fallback), and the field errors of a refusal for the form that sent it.
 * Toasts last 3000 ms in this area (the host's toaster, shared-auth app-toaster.tsx).
 */
import { isApiError } from '@callboard/shared-auth/api-error';
import { useCallback, useMemo, useState } from 'react';
import toast from 'react-hot-toast';

/** An answer with the server's message, as every write route of the API sends it. */
export interface Answer<T = unknown> {
  success: true;
  message?: string;
  data: T;
}

export type ActionResult<T> = { ok: true; answer: T } | { ok: false; fieldErrors: Record<string, string>; message: string };

/** The message a refusal carries, else `fallback` (a network failure's own text, "Failed to fetch", is not one the server wrote). */
export function failureMessage(error: unknown, fallback: string): string {
  if (!isApiError(error) || error.status === undefined) return fallback;
  return error.message.trim() !== '' ? error.message : fallback;
}

/** A refusal's per-field messages (a 400's `errors`), the first of each field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!isApiError(error)) return fields;
  for (const item of error.errors ?? []) {
    if (typeof item?.field === 'string' && typeof item.message === 'string') fields[item.field] ??= item.message;
  }
  return fields;
}

export interface RunOptions<T> {
  /** The toast on success: the server's message when it sent one, else this. Null for no toast (the screen says it otherwise). */
  success: string | null;
  /** The toast on failure when the server gave no message. */
  failure: string;
  /** Called after success and failure alike (revalidate the list: a 404 means someone else changed it). */
  then?: () => unknown;
  /** Whether to toast a refusal that names fields (a form shows them under its fields instead); default true. */
  toastFieldErrors?: boolean;
  /** The toast from the answer instead of `success`: its words and whether it is good news (a test message's outcome). */
  report?: (answer: T) => { ok: boolean; text: string };
}

/**
 * `run(send, options)` sends and reports; `pending` is true while any request of this hook runs, so a screen
 * can hold its controls meanwhile.
 */
export function useAdminRequest() {
  const [running, setRunning] = useState(0);
  const run = useCallback(async <T extends { message?: string }>(send: () => Promise<T>, options: RunOptions<T>): Promise<ActionResult<T>> => {
    setRunning((count) => count + 1);
    try {
      const answer = await send();
      const said = options.report?.(answer) ?? { ok: true, text: options.success === null ? null : (answer?.message ?? options.success) };
      if (said.text) {
        if (said.ok) toast.success(said.text);
        else toast.error(said.text);
      }
      return { ok: true, answer };
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      const message = failureMessage(error, options.failure);
      if (options.toastFieldErrors !== false || Object.keys(fieldErrors).length === 0) toast.error(message);
      return { ok: false, fieldErrors, message };
    } finally {
      setRunning((count) => count - 1);
      void options.then?.();
    }
  }, []);
  return useMemo(() => ({ run, pending: running > 0 }), [run, running]);
}
