import { messagesByField, type FieldError } from '@callboard/contract';
import { useState, type ChangeEvent, type FormEvent } from 'react';

export type FormValues<F extends string> = Record<F, string>;
export type FormErrors<F extends string> = Partial<Record<F, string>>;

/** What a TextField needs to show one field of the form. */
export interface BoundField<F extends string> {
  name: F;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

export interface AuthForm<F extends string> {
  values: FormValues<F>;
  errors: FormErrors<F>;
  /** True while `send` is pending: the submit button shows its busy text and ignores clicks. */
  busy: boolean;
  field: (name: F) => BoundField<F>;
  /** Validates, and calls `send` with the values only when nothing is wrong. */
  handleSubmit: (send: (values: FormValues<F>) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => void;
  /** Shows problems found elsewhere (the server's field errors), each under its field, as a failed check would. */
  showErrors: (problems: FieldError[]) => void;
}

/**
 * The behaviour the login, registration and profile forms share: the
 * contract's validator runs on submit, each message sits under its field
 * until that field is edited, and nothing is sent until every field passes.
 * The same validator runs on the server, so the words match on both sides.
 */
export function useAuthForm<F extends string>(
  initial: FormValues<F>,
  validate: (values: FormValues<F>) => FieldError[],
): AuthForm<F> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const [busy, setBusy] = useState(false);
  // A message for a field the form has no input for would have nowhere to show.
  const isFormField = (field: string): field is F => Object.hasOwn(initial, field);
  const firstMessagePerField = (problems: FieldError[]): FormErrors<F> => messagesByField(problems, isFormField).fields;

  const field = (name: F): BoundField<F> => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event) => {
      const { value } = event.target;
      setValues((previous) => ({ ...previous, [name]: value }));
      // Only the edited field's message goes: the others still describe fields the person has not touched.
      setErrors((previous) => (previous[name] === undefined ? previous : { ...previous, [name]: undefined }));
    },
  });

  const handleSubmit = (send: (values: FormValues<F>) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problems = validate(values);
    if (problems.length > 0) {
      setErrors(firstMessagePerField(problems));
      // Keyboard and screen-reader users land on the first thing to fix, not on a button that did nothing.
      const first = event.currentTarget.elements.namedItem(problems[0]!.field);
      if (first instanceof HTMLElement) first.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    // After a success the page usually navigates away; setting state on an unmounted form is a no-op.
    void send(values).finally(() => setBusy(false));
  };

  const showErrors = (problems: FieldError[]) => setErrors(firstMessagePerField(problems));

  return { values, errors, busy, field, handleSubmit, showErrors };
}
