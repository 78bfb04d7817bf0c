import type { ReactNode } from 'react';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons';
import './alert.css';

export type AlertTone = 'error' | 'warning' | 'info' | 'success';

export interface AlertProps {
  tone?: AlertTone;
  /** A bold first line. */
  title?: ReactNode;
  children?: ReactNode;
  /** A control at the end (Retry). */
  action?: ReactNode;
  /** Adds a dismiss button. */
  onDismiss?: () => void;
  className?: string;
}

const ICONS = { error: ErrorIcon, warning: WarningIcon, info: InfoIcon, success: SuccessIcon } as const;

/**
 * An inline message ("Failed to load records. …"). Errors and warnings are
 * announced at once (role="alert"), info and success politely (role="status").
 */
export function Alert({ tone = 'info', title, children, action, onDismiss, className }: AlertProps) {
  const Icon = ICONS[tone];
  return (
    <div className={['cb-alert', `cb-alert--${tone}`, className].filter(Boolean).join(' ')} role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}>
      <Icon size={16} className="cb-alert__icon" />
      <div className="cb-alert__content">
        {title ? <p className="cb-alert__title">{title}</p> : null}
        {children ? <div className="cb-alert__body">{children}</div> : null}
      </div>
      {action ? <div className="cb-alert__action">{action}</div> : null}
      {onDismiss ? (
        <button type="button" className="cb-alert__dismiss" aria-label="Dismiss" onClick={onDismiss}>
          <CloseIcon size={14} />
        </button>
      ) : null}
    </div>
  );
}
