import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons';
import './field.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps extends Omit<ComponentPropsWithRef<'select'>, 'size' | 'children'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** A first, empty option ("Select a role"). */
  placeholder?: string;
  error?: string | null;
  hint?: ReactNode;
  hideLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** A labelled native <select> with the same error line as TextField. */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  hint,
  hideLabel = false,
  size = 'md',
  className,
  id,
  disabled,
  required,
  'aria-describedby': describedBy,
  ...rest
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  const hintId = `${selectId}-hint`;
  const describers = [describedBy, hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <div className={['cb-field', `cb-field--${size}`, error && 'cb-field--invalid', disabled && 'cb-field--disabled', className].filter(Boolean).join(' ')}>
      <label htmlFor={selectId} className={hideLabel ? 'cb-sr-only' : 'cb-field__label'}>
        {label}
        {required && !hideLabel ? (
          <span className="cb-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <div className="cb-field__control">
        <select
          id={selectId}
          className="cb-input cb-select"
          aria-invalid={error ? true : undefined}
          aria-describedby={describers}
          disabled={disabled}
          required={required}
          {...rest}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <span className="cb-field__trail cb-field__trail--passive" aria-hidden="true">
          <ChevronDownIcon size={14} />
        </span>
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
