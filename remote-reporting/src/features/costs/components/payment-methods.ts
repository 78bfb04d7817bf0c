import { PAYMENT_METHODS, type PaymentMethod } from '@callboard/contract';
import type { SelectOption } from '@callboard/shared-ui/select-field';

/** How each method reads on screen; the API keeps the lower-case codes. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  wire: 'Wire',
  ach: 'ACH',
  paypal: 'PayPal',
  check: 'Check',
  other: 'Other',
};

export const PAYMENT_METHOD_OPTIONS: readonly SelectOption[] = PAYMENT_METHODS.map((method) => ({
  value: method,
  label: PAYMENT_METHOD_LABELS[method],
}));

/** A method's label; an unknown code (a newer server) is shown as it came. */
export function paymentMethodLabel(method: string): string {
  return (PAYMENT_METHOD_LABELS as Record<string, string>)[method] ?? method;
}
