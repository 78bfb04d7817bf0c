import { useState, type ComponentPropsWithRef, type ReactNode } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';
import { FieldFrame, useFieldIds } from './field-frame';

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
  const ids = useFieldIds(id, describedBy, hint, error);
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password' && revealToggle;

  return (
    <FieldFrame ids={ids} label={label} error={error} hint={hint} hideLabel={hideLabel} required={required} disabled={disabled} size={size} className={className}>
      <div className={['cb-field__control', leadingIcon && 'cb-field__control--lead'].filter(Boolean).join(' ')}>
        {leadingIcon ? <span className="cb-field__lead">{leadingIcon}</span> : null}
        <input
          id={ids.controlId}
          type={isPassword && revealed ? 'text' : type}
          className={['cb-input', inputClassName].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describers}
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
    </FieldFrame>
  );
}
