import { useId, useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';
import './field.css';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'size'> {
  label: ReactNode;
  /** Shown under the field in the danger colour; marks the input aria-invalid and describes it. */
  error?: string | null;
  /** Help text under the field. */
  hint?: ReactNode;
  /** Keep the label for screen readers only (a search box with a placeholder). */
  hideLabel?: boolean;
  /** An icon inside the input, at its start (search). */
  leadingIcon?: ReactNode;
  /** A control inside the input, at its end. */
  trailing?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** With type="password": a button that shows and hides the text (default true). */
  revealToggle?: boolean;
  className?: string;
  inputClassName?: string;
}

/**
 * A labelled input with an error line under it. `type="password"` adds a
 * Show password / Hide password toggle button.
 */
export function TextField({
  label,
  error,
  hint,
  hideLabel = false,
  leadingIcon,
  trailing,
  size = 'md',
  revealToggle = true,
  className,
  inputClassName,
  id,
  type = 'text',
  disabled,
  required,
  'aria-describedby': describedBy,
  ...rest
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password' && revealToggle;
  const describers = [describedBy, hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <div className={['cb-field', `cb-field--${size}`, error && 'cb-field--invalid', disabled && 'cb-field--disabled', className].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={hideLabel ? 'cb-sr-only' : 'cb-field__label'}>
        {label}
        {required && !hideLabel ? (
          <span className="cb-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <div className={['cb-field__control', leadingIcon && 'cb-field__control--lead'].filter(Boolean).join(' ')}>
        {leadingIcon ? <span className="cb-field__lead">{leadingIcon}</span> : null}
        <input
          id={inputId}
          type={isPassword && revealed ? 'text' : type}
          className={['cb-input', inputClassName].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describers}
          disabled={disabled}
          required={required}
          {...rest}
        />
        {isPassword || trailing ? (
          <span className="cb-field__trail">
            {trailing}
            {isPassword ? (
              <button
                type="button"
                className="cb-field__reveal"
                aria-label={revealed ? 'Hide password' : 'Show password'}
                aria-pressed={revealed}
                disabled={disabled}
                onClick={() => setRevealed((r) => !r)}
              >
                {revealed ? <EyeOffIcon size={15} /> : <EyeIcon size={15} />}
              </button>
            ) : null}
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="cb-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="cb-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
