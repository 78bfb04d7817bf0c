import { Button, type ButtonProps } from '@callboard/shared-ui/button';
import { useId } from 'react';

export interface AdminActionProps extends ButtonProps {
  /** Whether the person may do this; when not, the button is disabled and `reason` says why. */
  allowed: boolean;
  reason: string;
}

/**
 * A write action that a non-admin sees disabled, with the reason as a tooltip
 * and as the button's accessible description, instead of a click that fails
 * with a 403. The tooltip is the wrapper's title: a native one is never
 * clipped by a table cell, and a disabled button gets no pointer events.
 */
export function AdminAction({ allowed, reason, disabled, ...button }: AdminActionProps) {
  const reasonId = useId();
  if (allowed) return <Button disabled={disabled} {...button} />;
  return (
    <span className="costs-reason" title={reason}>
      <Button {...button} disabled aria-describedby={reasonId} />
      <span id={reasonId} className="cb-sr-only">
        {reason}
      </span>
    </span>
  );
}
