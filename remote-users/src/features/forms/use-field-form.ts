import { useRef, useState, type FormEvent } from 'react';
import type { ActionResult } from '../admin-tools/admin-request';

/** A problem the contract's check found in a form's body: the field it concerns and what to say. */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * How the admin tabs' form dialogs (delivery endpoints, event subscriptions, connectors) are sent. The body is
 * checked by the contract before sending, so the form says what the server would; either way the problems show
 * under the fields they concern (one about no field of the form: the server's message, above them) and focus
 * goes to the first field in `fields`' order. `beforeFocus` lets a form bring that field into view first.
 */
export function useFieldForm<F extends string>(fields: readonly F[], beforeFocus?: (field: F) => void) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [otherError, setOtherError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputs = useRef<Partial<Record<F, HTMLElement | null>>>({});

  const keep = (found: Record<string, string>) =>
    Object.fromEntries(Object.entries(found).filter(([field]) => (fields as readonly string[]).includes(field))) as Partial<Record<F, string>>;

  const showErrors = (found: Partial<Record<F, string>>) => {
    setErrors(found);
    const first = fields.find((field) => found[field]);
    if (!first) return;
    beforeFocus?.(first);
    inputs.current[first]?.focus();
  };

  /** A field's element, for the `ref` of its input: the one focused when it is the first with a problem. */
  const inputRef = (field: F) => (element: HTMLElement | null) => {
    inputs.current[field] = element;
  };

  /** What a field's control takes from the form: the element focused on a problem, and the problem it shows. */
  const fieldProps = (field: F) => ({ ref: inputRef(field), error: errors[field] });

  /** An edit answers these fields' problems. */
  const clearErrors = (...cleared: F[]) => setErrors((current) => ({ ...current, ...Object.fromEntries(cleared.map((field) => [field, undefined])) }));

  /** Checks the body (`check` gives its problems, or the body to send), sends it with `save`, then `onSaved`. */
  const submit = async <B>(event: FormEvent, check: () => readonly FieldProblem[] | B, save: (body: B) => Promise<ActionResult<unknown>>, onSaved: () => void) => {
    event.preventDefault();
    setOtherError(null);
    const checked = check();
    if (Array.isArray(checked)) {
      showErrors(keep(Object.fromEntries(checked.map((problem: FieldProblem) => [problem.field, problem.message]))));
      return;
    }
    setSaving(true);
    const result = await save(checked as B);
    setSaving(false);
    if (result.ok) return onSaved();
    const fieldErrors = keep(result.fieldErrors);
    if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
    else setOtherError(result.message);
  };

  return { errors, otherError, saving, inputRef, fieldProps, clearErrors, submit };
}
