import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Spinner } from './spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Work in progress: shows a spinner, disables the button and sets aria-busy. */
  busy?: boolean;
  /** An icon before the label (replaced by the spinner while busy). */
  icon?: ReactNode;
  /** An icon after the label (a dropdown chevron). */
  trailingIcon?: ReactNode;
  /** A square button holding only its icon; give it an aria-label. */
  iconOnly?: boolean;
  /** Stretch to the container's width. */
  block?: boolean;
}

/** A button. `type` defaults to "button", so a button in a form submits only when asked to. */
export function Button({
  variant = 'secondary',
  size = 'md',
  busy = false,
  icon,
  trailingIcon,
  iconOnly = false,
  block = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = [
    'cb-button',
    `cb-button--${variant}`,
    `cb-button--${size}`,
    iconOnly && 'cb-button--icon-only',
    block && 'cb-button--block',
    busy && 'cb-button--busy',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  const lead = busy ? <Spinner size={size === 'lg' ? 'sm' : 'xs'} decorative /> : icon;
  return (
    <button type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {lead}
      {iconOnly && busy ? null : children}
      {trailingIcon}
    </button>
  );
}
