import { useCallback, useMemo, useState, type FormEvent } from 'react';
import type { SendResult } from './send-with-toast';

export interface CheckedFormOptions<V> {
  values: V;
  /** The form's problems by field name (the contract's checks, the API's own): empty when it may be sent. */
  problemsOf: (values: V) => Record<string, string>;
  /** The fields in the form's order, each focusable by `fieldId(field)`: the first with a problem takes focus. */
  order: readonly string[];
  fieldId: (field: string) => string;
  /** The field a problem is shown under, when it is not its own (a list of the scope shows under the scope). */
  shownUnder?: (field: string) => string | undefined;
  /** Sends the values; a refusal's field problems come back in its result. */
  send: (values: V) => Promise<SendResult<unknown>>;
  /** After a send that succeeded (the dialog closes). */
  onSent: () => void;
}

/**
 * How the Alerts and Reports forms are sent. The problems show under their fields from the first try on, and
 * after every change; nothing is sent while there are any, and focus goes to the first. The server's field
 * problems show under the same fields until the next edit (it judged what was sent, which an edit may have
 * answered). While a send runs, `saving` holds the dialog open.
 */
export function useCheckedForm<V>({ values, problemsOf, order, fieldId, shownUnder = (field) => field, send, onSent }: CheckedFormOptions<V>) {
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const problems = useMemo(() => problemsOf(values), [problemsOf, values]);
  const shown = tried ? { ...serverErrors, ...problems } : serverErrors;

  const focusFirst = (errors: Record<string, string>) => {
    const fields = new Set(Object.keys(errors).map(shownUnder));
    const first = order.find((field) => fields.has(field));
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setTried(true);
    if (Object.keys(problems).length > 0) {
      focusFirst(problems);
      return;
    }
    setSaving(true);
    const result = await send(values);
    if (result.ok) {
      onSent();
      return;
    }
    setSaving(false);
    setServerErrors(result.fieldErrors);
    focusFirst(result.fieldErrors);
  };

  /** Call on every edit: the server's complaints were about what was sent. */
  const edited = useCallback(() => setServerErrors({}), []);
  return { shown, saving, submit, edited };
}
