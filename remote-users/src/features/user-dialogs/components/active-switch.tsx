import { useId, type ReactNode } from 'react';
import './active-switch.css';

export interface ActiveSwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  label: ReactNode;
  /** Under the switch: what turning it off does, or why it is locked. */
  hint?: ReactNode;
}

/**
 * An on/off switch: a native checkbox with role="switch", so it keeps the
 * keyboard (Space) and form behaviour of a checkbox and is announced as a switch.
 */
export function ActiveSwitch({ checked, onChange, disabled = false, label, hint }: ActiveSwitchProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={['users-switch', disabled && 'users-switch--disabled'].filter(Boolean).join(' ')}>
      <label className="users-switch__row" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="users-switch__input"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className="users-switch__track" aria-hidden="true">
          <span className="users-switch__thumb" />
        </span>
        <span className="users-switch__label">{label}</span>
      </label>
      {hint ? (
        <p id={hintId} className="users-switch__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
