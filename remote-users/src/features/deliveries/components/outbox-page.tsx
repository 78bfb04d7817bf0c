import { useLocation, useNavigate } from '@callboard/shared-router';
import { Button } from '@callboard/shared-ui/button';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import { formatDateTime } from '@callboard/shared-ui/format';
import { InboxIcon, RefreshIcon } from '@callboard/shared-ui/icons';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Spinner } from '@callboard/shared-ui/spinner';
import { OUTBOX_LIST_SIZE, useOutbox, useOutboxMessage } from '../api/outbox';
import { OutboxMessageView } from './outbox-message';
import './deliveries.css';

/**
 * The Outbox tab (admins): the email Callboard would have sent, kept in the data folder while no SMTP_URL is
 * set (the one-command demo's mail), newest first; one opens beside the list. The open message is in the
 * address (`?message=`), so a link opens it.
 */
export default function OutboxPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const openId = new URLSearchParams(search).get('message');
  const list = useOutbox();
  const message = useOutboxMessage(openId);
  const entries = list.data?.data ?? [];
  const open = (id: string) => void navigate({ pathname, search: `?message=${encodeURIComponent(id)}` });

  return (
    <section className="cb-page deliveries-page">
      <header className="cb-page__header">
        <h1 className="cb-page__title">Outbox</h1>
        <Button icon={<RefreshIcon size={14} />} busy={list.isValidating} onClick={() => void list.mutate()}>
          Refresh
        </Button>
      </header>
      <p className="cb-muted">
        Email is kept here, not sent, while the server has no mail server (SMTP_URL) configured. The newest {OUTBOX_LIST_SIZE} are listed.
      </p>
      {list.error && !list.data ? <LoadError title="Failed to load the outbox" error={list.error} onRetry={() => void list.mutate()} /> : null}
      <div className="outbox">
        <div className="cb-card deliveries-card">
          {list.isLoading ? (
            <p role="status" className="outbox__message cb-muted">
              <Spinner size="xs" decorative /> Loading the outbox...
            </p>
          ) : entries.length === 0 && list.data ? (
            <EmptyState icon={<InboxIcon size={22} />} title="The outbox is empty" description="Alerts and scheduled reports sent by email appear here" />
          ) : (
            <ul className="outbox__list" aria-label="Outbox">
              {entries.map((entry) => (
                <li key={entry.id}>
                  <button type="button" className="outbox__item" aria-current={entry.id === openId ? 'true' : undefined} onClick={() => open(entry.id)}>
                    <span className="outbox__subject">{entry.subject || '(no subject)'}</span>
                    <span className="outbox__meta">
                      To {entry.to} · {formatDateTime(entry.date)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="cb-card deliveries-card" aria-live="polite">
          {openId === null ? (
            <EmptyState title="No message open" description="Choose one in the list to read it" />
          ) : message.error && !message.data ? (
            <LoadError title="Failed to open the message" error={message.error} onRetry={() => void message.mutate()} />
          ) : message.data ? (
            <OutboxMessageView key={message.data.data.id} message={message.data.data} />
          ) : (
            <p role="status" className="outbox__message cb-muted">
              <Spinner size="xs" decorative /> Opening the message...
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
