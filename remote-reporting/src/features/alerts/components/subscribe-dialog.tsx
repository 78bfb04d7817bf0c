import { alertChannelsError, type AlertChannel, type AlertRule } from '@callboard/contract/alerts';
import { Button } from '@callboard/shared-ui/button';
import { Modal } from '@callboard/shared-ui/modal';
import { useId, useState, type FormEvent } from 'react';
import type { AlertActions } from '../api/alerts-api';

export const CHANNEL_LABELS: Record<AlertChannel, string> = { in_app: 'In the app', email: 'By email' };
const CHANNEL_HINTS: Record<AlertChannel, string> = {
  in_app: 'The bell in the header, pushed as it happens',
  email: 'To the address of your account',
};

/** The channels as a reader says them: "In the app, by email". */
export function channelsText(channels: readonly AlertChannel[]): string {
  return channels.map((channel, index) => (index === 0 ? CHANNEL_LABELS[channel] : CHANNEL_LABELS[channel].toLowerCase())).join(', ');
}

interface SubscribeDialogProps {
  rule: AlertRule;
  actions: Pick<AlertActions, 'subscribe'>;
  onClose: () => void;
}

/** Subscribe yourself to a rule, or change how you are told: in the app, by email, or both (at least one). */
export function SubscribeDialog({ rule, actions, onClose }: SubscribeDialogProps) {
  const formId = useId();
  const [channels, setChannels] = useState<AlertChannel[]>(rule.subscription ?? ['in_app', 'email']);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const problem = alertChannelsError(channels);
  const toggle = (channel: AlertChannel) => setChannels((current) => (current.includes(channel) ? current.filter((c) => c !== channel) : [...current, channel]));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (problem || saving) return;
    setSaving(true);
    const result = await actions.subscribe(rule.id, channels);
    if (result.ok) onClose();
    else setSaving(false);
  };

  return (
    <Modal
      open
      size="sm"
      title={rule.subscription ? 'How you are told' : 'Subscribe'}
      subtitle={rule.name}
      onClose={() => {
        if (!saving) onClose();
      }}
      footer={
        <>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" busy={saving}>
            {rule.subscription ? 'Save' : 'Subscribe'}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className="alert-form__group" aria-describedby={tried && problem ? `${formId}-error` : undefined}>
          <legend className="alert-form__legend">Tell me when it fires and when it resolves</legend>
          {(['in_app', 'email'] as const).map((channel) => (
            <label key={channel} className="alert-form__choice">
              <input type="checkbox" checked={channels.includes(channel)} onChange={() => toggle(channel)} />
              <span>
                {CHANNEL_LABELS[channel]}
                <span className="cb-field__hint"> · {CHANNEL_HINTS[channel]}</span>
              </span>
            </label>
          ))}
          {tried && problem ? (
            <p id={`${formId}-error`} className="cb-field__error" role="alert">
              {problem.message}
            </p>
          ) : null}
        </fieldset>
      </form>
    </Modal>
  );
}
