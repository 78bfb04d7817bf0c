import { type ComponentPropsWithRef, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons';
import { FieldFrame, useFieldIds } from './field-frame';

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
  const ids = useFieldIds(id, describedBy, hint, error);

  return (
    <FieldFrame ids={ids} label={label} error={error} hint={hint} hideLabel={hideLabel} required={required} disabled={disabled} size={size} className={className}>
      <div className="cb-field__control">
        <select
          id={ids.controlId}
          className="cb-input cb-select"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describers}
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
    </FieldFrame>
  );
}
