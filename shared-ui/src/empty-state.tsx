import type { ReactNode } from 'react';
import { InboxIcon } from './icons';
import './empty-state.css';

export interface EmptyStateProps {
  /** An icon above the title; an inbox by default, `null` for none. */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** A button under the text (Retry, Create user). */
  action?: ReactNode;
  /** Less padding, for inside a card or a dropdown. */
  compact?: boolean;
  className?: string;
}

/** What a list shows when it has nothing: "No users found" / "Try adjusting your search terms". */
export function EmptyState({ icon = <InboxIcon size={22} />, title, description, action, compact = false, className }: EmptyStateProps) {
  return (
    <div className={['cb-empty', compact && 'cb-empty--compact', className].filter(Boolean).join(' ')}>
      {icon ? <div className="cb-empty__icon">{icon}</div> : null}
      <p className="cb-empty__title">{title}</p>
      {description ? <p className="cb-empty__description">{description}</p> : null}
      {action ? <div className="cb-empty__action">{action}</div> : null}
    </div>
  );
}
