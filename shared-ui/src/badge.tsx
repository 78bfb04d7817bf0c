import type { ComponentPropsWithRef, ReactNode } from 'react';
import './badge.css';

export type BadgeTone = 'neutral' | 'accent' | 'info' | 'success' | 'warning' | 'danger' | 'light';

export interface BadgeProps extends ComponentPropsWithRef<'span'> {
  tone?: BadgeTone;
  size?: 'sm' | 'md';
  /** A small dot of the tone's colour before the text. */
  dot?: boolean;
  icon?: ReactNode;
}

/** A small label: role, state, count ("12 user(s) total"). */
export function Badge({ tone = 'neutral', size = 'md', dot = false, icon, className, children, ...rest }: BadgeProps) {
  const classes = ['cb-badge', `cb-badge--${tone}`, size === 'sm' && 'cb-badge--sm', className].filter(Boolean).join(' ');
  return (
    <span className={classes} {...rest}>
      {dot ? <span className="cb-badge__dot" aria-hidden="true" /> : null}
      {icon}
      {children}
    </span>
  );
}
