import type { EndpointWithSecret } from '@callboard/contract/delivery';
import { Alert } from '@callboard/shared-ui/alert';
import { Button } from '@callboard/shared-ui/button';
import { Modal } from '@callboard/shared-ui/modal';
import { TextField } from '@callboard/shared-ui/text-field';
import { CopyButton } from '../../admin-tools/copy-button';

export const SECRET_TEXT = {
  shownOnce: 'Copy this secret now: it is not shown again. Only a new secret (Rotate secret) replaces it.',
  usage: 'Your receiver verifies each request’s webhook-signature header with it (any Standard Webhooks library).',
} as const;

export interface SecretDialogProps {
  endpoint: EndpointWithSecret & { secret: string };
  /** Made by rotating (the old secret has stopped) rather than by adding the endpoint. */
  rotated: boolean;
  onClose: () => void;
}

/**
 * A webhook's signing secret, the one time the server shows it (after adding the endpoint or rotating its
 * secret). Closed only by its button or Escape, not by a stray click beside it.
 */
export function SecretDialog({ endpoint, rotated, onClose }: SecretDialogProps) {
  return (
    <Modal
      open
      title={rotated ? `New signing secret for ${endpoint.name}` : `Signing secret for ${endpoint.name}`}
      closeOnBackdrop={false}
      onClose={onClose}
      footer={
        <Button variant="primary" onClick={onClose}>
          I have copied it
        </Button>
      }
    >
      <div className="deliveries-form">
        <Alert tone="warning" title="Shown once">
          {SECRET_TEXT.shownOnce}
          {rotated ? ' The old secret no longer verifies.' : ''}
        </Alert>
        <div className="deliveries-secret">
          <TextField label="Signing secret" value={endpoint.secret} readOnly className="deliveries-secret__field" inputClassName="deliveries-secret__value" onFocus={(event) => event.currentTarget.select()} />
          <CopyButton text={endpoint.secret} what="Signing secret" size="md" />
        </div>
        <p className="cb-muted">{SECRET_TEXT.usage}</p>
      </div>
    </Modal>
  );
}
