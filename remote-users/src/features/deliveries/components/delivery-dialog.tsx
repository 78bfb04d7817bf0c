import type { Delivery, DeliveryDetail } from '@callboard/contract/delivery';
import { Badge } from '@callboard/shared-ui/badge';
import { Button } from '@callboard/shared-ui/button';
import { ConfirmDialog } from '@callboard/shared-ui/confirm-dialog';
import { formatDateTime } from '@callboard/shared-ui/format';
import { RefreshIcon } from '@callboard/shared-ui/icons';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Modal } from '@callboard/shared-ui/modal';
import { Spinner } from '@callboard/shared-ui/spinner';
import { useState } from 'react';
import { useDelivery } from '../api/deliveries';
import { CHANNEL_LABELS, SOURCE_LABELS, STATUS_LABELS, STATUS_TONES } from './endpoint-labels';

export interface DeliveryDialogProps {
  id: string;
  /** Its row in the list on screen, shown at once while its attempts load; none when the address named another. */
  row: Delivery | null;
  /** Sends it again (a new delivery, the same payload and webhook-id); resolves once the server answered. */
  onReplay: (delivery: Delivery) => Promise<unknown>;
  replaying: boolean;
  onClose: () => void;
}

/** Whom a delivery went to: its endpoint's name (or that the endpoint is gone), or the email address. */
export function recipientOf(delivery: Delivery): string {
  if (delivery.channel === 'email') return delivery.address ?? '—';
  return delivery.endpoint?.name ?? 'Deleted endpoint';
}

/**
 * One delivery: what it is, where it went, and every attempt (time, response code, error, duration), oldest
 * first; Replay asks first, since the receiver gets the message again (with the same webhook-id, so it may
 * recognise it). A delivery still being tried cannot be replayed (the server says so too).
 */
export function DeliveryDialog({ id, row, onReplay, replaying, onClose }: DeliveryDialogProps) {
  const detail = useDelivery(id);
  const delivery: Delivery | DeliveryDetail | null = detail.data?.data ?? row;
  const attempts = detail.data?.data.attemptLog;
  const [confirming, setConfirming] = useState(false);
  if (!delivery) {
    return (
      <Modal open size="lg" title="Delivery" onClose={onClose}>
        {detail.error ? (
          <LoadError title="Failed to load the delivery" error={detail.error} onRetry={() => void detail.mutate()} />
        ) : (
          <p role="status" className="cb-muted">
            <Spinner size="xs" decorative /> Loading the delivery...
          </p>
        )}
      </Modal>
    );
  }
  const finished = delivery.status === 'sent' || delivery.status === 'failed';

  return (
    <>
      <Modal
        open
        size="lg"
        title={delivery.subject}
        subtitle={`${CHANNEL_LABELS[delivery.channel]} to ${recipientOf(delivery)}`}
        onClose={onClose}
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button
              variant="primary"
              icon={<RefreshIcon size={14} />}
              busy={replaying}
              disabled={!finished}
              title={finished ? undefined : 'Still being tried: replay it once it is sent or has failed'}
              onClick={() => setConfirming(true)}
            >
              Replay
            </Button>
          </>
        }
      >
        <div className="deliveries-form">
          <dl className="deliveries-facts">
            <dt>Status</dt>
            <dd>
              <Badge tone={STATUS_TONES[delivery.status]} dot>
                {STATUS_LABELS[delivery.status]}
              </Badge>
              {delivery.nextAttemptAt ? <span className="cb-muted"> · next try {formatDateTime(delivery.nextAttemptAt)}</span> : null}
            </dd>
            <dt>Source</dt>
            <dd>{SOURCE_LABELS[delivery.source.kind]}</dd>
            <dt>Created</dt>
            <dd>{formatDateTime(delivery.createdAt)}</dd>
            {delivery.sentAt ? (
              <>
                <dt>Sent</dt>
                <dd>{formatDateTime(delivery.sentAt)}</dd>
              </>
            ) : null}
            <dt>Message id</dt>
            <dd className="deliveries-code">{delivery.messageId}</dd>
            {delivery.replayOf ? (
              <>
                <dt>Replay of</dt>
                <dd className="deliveries-code">{delivery.replayOf}</dd>
              </>
            ) : null}
          </dl>

          <section aria-label="Attempts">
            <h3 className="cb-card__title">Attempts</h3>
            {detail.error && !detail.data ? (
              <LoadError title="Failed to load the attempts" error={detail.error} onRetry={() => void detail.mutate()} />
            ) : attempts === undefined ? (
              <p role="status" className="cb-muted">
                <Spinner size="xs" decorative /> Loading attempts...
              </p>
            ) : attempts.length === 0 ? (
              <p className="cb-muted">Not tried yet.</p>
            ) : (
              <table className="deliveries-attempts" aria-label="Attempts">
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">Outcome</th>
                    <th scope="col">Code</th>
                    <th scope="col">Error</th>
                    <th scope="col">Duration</th>
                  </tr>
                </thead>
                <tbody>
                  {attempts.map((attempt, index) => (
                    <tr key={`${attempt.attemptedAt}-${index}`}>
                      <td>{formatDateTime(attempt.attemptedAt)}</td>
                      <td>{attempt.outcome === 'sent' ? 'Sent' : 'Failed'}</td>
                      <td>{attempt.statusCode ?? '—'}</td>
                      <td>{attempt.error ?? '—'}</td>
                      <td>{attempt.durationMs} ms</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </div>
      </Modal>
      {confirming ? (
        <ConfirmDialog
          title="Replay delivery"
          confirmLabel="Replay"
          onConfirm={async () => {
            await onReplay(delivery);
            await detail.mutate();
          }}
          onClose={() => setConfirming(false)}
        >
          Send <strong>{delivery.subject}</strong> to {recipientOf(delivery)} again? The receiver gets the same message, with the same webhook-id.
        </ConfirmDialog>
      ) : null}
    </>
  );
}
