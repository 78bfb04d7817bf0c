import { API_PATHS, paymentPath, type ApiSuccess, type Payment, type PaymentBody } from '@callboard/contract';
import { useApiFetch } from '@callboard/shared-auth/use-session';
import { useMemo, useRef } from 'react';
import toast from 'react-hot-toast';
import { useRevalidatePayments } from '../api/cost-api';

export interface PaymentActions {
  /** Records a payment; resolves to it, or throws the ApiError (after its toast) so the dialog can place field errors. */
  create: (body: PaymentBody) => Promise<Payment>;
  update: (id: string, body: PaymentBody) => Promise<Payment>;
  remove: (id: string) => Promise<Payment>;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A fresh Idempotency-Key: a UUID where the browser has one (every secure context does), else random hex. */
function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Payment writes with their toasts and cache upkeep: every success revalidates
 * the payment lists. A create carries an Idempotency-Key that stays the same
 * while the same body is sent again (a retry after a lost answer records one
 * payment, not two) and changes with the body (the server refuses a key reused
 * for a different payment).
 */
export function usePaymentActions(): PaymentActions {
  const apiFetch = useApiFetch();
  const revalidate = useRevalidatePayments();
  const lastCreate = useRef<{ body: string; key: string } | null>(null);

  return useMemo<PaymentActions>(() => {
    const run = async (work: () => Promise<ApiSuccess<Payment>>, success: string, failure: string): Promise<Payment> => {
      try {
        const answer = await work();
        toast.success(success);
        void revalidate();
        return answer.data;
      } catch (error) {
        toast.error(`${failure}: ${errorText(error)}`);
        throw error;
      }
    };

    return {
      create: (body) => {
        const text = JSON.stringify(body);
        if (lastCreate.current?.body !== text) lastCreate.current = { body: text, key: newIdempotencyKey() };
        const { key } = lastCreate.current;
        return run(
          async () => {
            const answer = await apiFetch<ApiSuccess<Payment>>(API_PATHS.payments, { method: 'POST', body, headers: { 'Idempotency-Key': key } });
            // Recorded: the next payment, even an identical one, is a new payment with a new key.
            lastCreate.current = null;
            return answer;
          },
          'Payment recorded',
          'Failed to record payment',
        );
      },
      update: (id, body) =>
        run(() => apiFetch<ApiSuccess<Payment>>(paymentPath(id), { method: 'PUT', body }), 'Payment updated', 'Failed to update payment'),
      remove: (id) =>
        run(() => apiFetch<ApiSuccess<Payment>>(paymentPath(id), { method: 'DELETE' }), 'Payment deleted', 'Failed to delete payment'),
    };
  }, [apiFetch, revalidate]);
}
