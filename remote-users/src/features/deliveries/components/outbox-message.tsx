import type { OutboxMessage } from '@callboard/contract/delivery';
import { Badge } from '@callboard/shared-ui/badge';
import { Button } from '@callboard/shared-ui/button';
import { formatCount, formatDateTime } from '@callboard/shared-ui/format';
import { useState } from 'react';

/**
 * One email of the outbox as a mail client shows it: its headers, the names of its attachments, and its body.
 * The HTML part is drawn in a sandboxed frame of its own (`sandbox` with nothing allowed: no scripts, no
 * forms, no same-origin access, so it cannot reach the app or its session), never put into the page; the
 * text part is shown as text.
 */
export function OutboxMessageView({ message }: { message: OutboxMessage }) {
  const [part, setPart] = useState<'html' | 'text'>(message.html ? 'html' : 'text');
  return (
    <article className="outbox__message" aria-label={`Email: ${message.subject}`}>
      <h2 className="cb-card__title">{message.subject || '(no subject)'}</h2>
      <dl className="deliveries-facts">
        <dt>From</dt>
        <dd>{message.from}</dd>
        <dt>To</dt>
        <dd>{message.to}</dd>
        <dt>Date</dt>
        <dd>{formatDateTime(message.date)}</dd>
        {message.attachments.length > 0 ? (
          <>
            <dt>Attachments</dt>
            <dd>
              <ul className="outbox__attachments" aria-label="Attachments">
                {message.attachments.map((attachment, index) => (
                  <li key={`${attachment.filename}-${index}`}>
                    <Badge tone="neutral" title={attachment.contentType}>
                      {attachment.filename} · {formatSize(attachment.size)}
                    </Badge>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
      {message.html ? (
        <div className="deliveries-actions" role="group" aria-label="Show the message as">
          <Button size="sm" variant={part === 'html' ? 'secondary' : 'ghost'} aria-pressed={part === 'html'} onClick={() => setPart('html')}>
            HTML
          </Button>
          <Button size="sm" variant={part === 'text' ? 'secondary' : 'ghost'} aria-pressed={part === 'text'} onClick={() => setPart('text')}>
            Text
          </Button>
        </div>
      ) : null}
      {part === 'html' && message.html ? (
        <iframe className="outbox__frame" title={`HTML of “${message.subject}”`} sandbox="" referrerPolicy="no-referrer" srcDoc={message.html} />
      ) : (
        <pre className="outbox__text">{message.text || '(no text part)'}</pre>
      )}
    </article>
  );
}

/** "12 KB", "340 B": the size of an attachment at a glance. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${formatCount(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatCount(Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
