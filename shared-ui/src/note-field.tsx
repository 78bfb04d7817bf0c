import type { ChangeEvent } from 'react';

export interface NoteFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  maxLength: number;
  error?: string | undefined;
  required?: boolean;
  rows?: number;
}

/** A labelled textarea with the same error line as TextField (the forms' notes: a dispute's and a decision's). */
export function NoteField({ id, label, value, onChange, maxLength, error, required = false, rows = 3 }: NoteFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={['cb-field', error && 'cb-field--invalid'].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="cb-field__label">
        {label}
        {required ? (
          <span className="cb-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <textarea
        id={id}
        className="cb-input"
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={onChange}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className="cb-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
