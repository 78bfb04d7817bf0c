import './spinner.css';

export type SpinnerSize = 'xs' | 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  size?: SpinnerSize;
  /** What screen readers announce; ignored when `decorative`. */
  label?: string;
  /** Inside something that already says it is busy (a busy button): hidden from screen readers. */
  decorative?: boolean;
  className?: string;
}

/** A rotating ring. Announced as a status ("Loading") unless decorative. */
export function Spinner({ size = 'md', label = 'Loading', decorative = false, className }: SpinnerProps) {
  const classes = ['cb-spinner', `cb-spinner--${size}`, className].filter(Boolean).join(' ');
  if (decorative) return <span className={classes} aria-hidden="true" />;
  return <span className={classes} role="status" aria-label={label} />;
}
