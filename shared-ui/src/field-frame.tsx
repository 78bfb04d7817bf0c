import { useId, type ReactNode } from 'react';
import './field.css';

/** What every labelled field shares: its label, an optional hint and the error line under it. */
export interface FieldFrameProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  hideLabel?: boolean;
  required?: boolean;
  disabled?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** The ids a field's control needs: its own, and the aria-describedby pointing at the hint and the error. */
export function useFieldIds(id: string | undefined, describedBy: string | undefined, hint: ReactNode, error: string | null | undefined) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describers = [describedBy, hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return { controlId, errorId, hintId, describers };
}

/** The frame around a control (TextField, SelectField): label above, hint and error (role="alert") below. */
export function FieldFrame({
  ids,
  label,
  error,
  hint,
  hideLabel = false,
  required,
  disabled,
  size = 'md',
  className,
  children,
}: FieldFrameProps & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <div className={['cb-field', `cb-field--${size}`, error && 'cb-field--invalid', disabled && 'cb-field--disabled', className].filter(Boolean).join(' ')}>
      <label htmlFor={ids.controlId} className={hideLabel ? 'cb-sr-only' : 'cb-field__label'}>
        {label}
        {required && !hideLabel ? (
          <span className="cb-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={ids.hintId} className="cb-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className="cb-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
