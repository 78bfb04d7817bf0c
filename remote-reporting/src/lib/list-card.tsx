import { LoadError } from '@callboard/shared-ui/load-error';
import { useId, type ReactNode } from 'react';

interface ListCardProps {
  /** The card's own class, beside `cb-card`. */
  className: string;
  title: string;
  /** A line under the title: what the list holds. */
  description: string;
  /** The header's button (New rule, Schedule a report), when the person may use it. */
  action?: ReactNode;
  /** The list's request: a failure shows, with Retry, while there is nothing loaded to show instead. */
  list: { data?: unknown; error?: unknown; mutate: () => Promise<unknown> };
  /** The failure's sentence. */
  loadFailed: string;
  /** The table, and the dialogs it opens. */
  children: ReactNode;
}

/** The Alerts and Reports tabs' frame: a card named by its heading, with its action, a load failure and the list. */
export function ListCard({ className, title, description, action, list, loadFailed, children }: ListCardProps) {
  const headingId = useId();
  return (
    <section className={`cb-card ${className}`} aria-labelledby={headingId}>
      <header className="cb-card__header">
        <div className="cb-stack cb-stack--xs">
          <h2 id={headingId} className="cb-card__title">
            {title}
          </h2>
          <p className="cb-muted cb-text-sm">{description}</p>
        </div>
        {action}
      </header>
      {list.error && !list.data ? <LoadError title={loadFailed} error={list.error} onRetry={() => void list.mutate()} /> : null}
      {children}
    </section>
  );
}
