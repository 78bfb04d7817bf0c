/**
 * How the Alerts and Reports tabs send a change: the request, then a toast in the server's own words (its
 * `message`, else the screen's), and for a refusal the field problems it named, for the form that sent it to
 * show under its fields. A network failure's own text ("Failed to fetch") is not one the server wrote, so the
 * screen's fallback is shown for it instead.
 */
import { isApiError } from '@callboard/shared-auth/api-error';
import toast from 'react-hot-toast';
import { errorsByField } from './errors-by-field';

export type SendResult<T> = { ok: true; answer: T } | { ok: false; fieldErrors: Record<string, string> };

export interface SendTexts<T> {
  /** The success toast when the answer has no message; null for none (the screen says it otherwise). */
  success: string | null;
  /** The failure toast when the refusal has no message. */
  failure: string;
  /** A toast of the answer's own (send now's outcome) in place of `success`: its words and whether it is good news. */
  outcome?: (answer: T) => { tone: 'success' | 'info' | 'error'; text: string };
  /** Leave a refusal that names fields to the form (no toast): true for the forms. */
  formShowsFields?: boolean;
}

export async function sendWithToast<T extends { message?: string }>(send: () => Promise<T>, texts: SendTexts<T>): Promise<SendResult<T>> {
  try {
    const answer = await send();
    const said = texts.outcome?.(answer) ?? (texts.success === null ? null : { tone: 'success' as const, text: answer?.message ?? texts.success });
    if (said?.tone === 'success') toast.success(said.text);
    else if (said?.tone === 'error') toast.error(said.text);
    else if (said) toast(said.text);
    return { ok: true, answer };
  } catch (error) {
    const fieldErrors = isApiError(error) ? errorsByField(error.errors ?? []) : {};
    const serverSaid = isApiError(error) && error.status !== undefined && error.message.trim() !== '';
    if (!texts.formShowsFields || Object.keys(fieldErrors).length === 0) toast.error(serverSaid ? error.message : texts.failure);
    return { ok: false, fieldErrors };
  }
}
