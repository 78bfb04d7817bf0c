/**
 * The Disputes queue's keys, like the log's (review-keys/hooks/use-review-keys.ts): j / k move the focus row,
 * Enter opens it beside the list, a / p / r decide it (accept, partial, reject: the decision dialog opens on
 * that choice), Escape closes it. Keys typed into a field, pressed with a modifier, or pressed while a dialog
 * is open belong to those. QUEUE_KEYS is the one list: the handler reads it and the `?` overlay lists it.
 */
import { useScreenShortcuts, type ShortcutEntry } from '@callboard/shared-ui/ui-atoms';
import { useEffect, useRef } from 'react';

export interface QueueKeyHandlers {
  next(): void;
  previous(): void;
  open(): void;
  accept(): void;
  partial(): void;
  reject(): void;
  close(): void;
}

export interface QueueKey extends ShortcutEntry {
  readonly action: keyof QueueKeyHandlers;
}

export const QUEUE_KEYS: Readonly<Record<string, QueueKey>> = {
  j: { description: 'Next dispute', action: 'next' },
  k: { description: 'Previous dispute', action: 'previous' },
  Enter: { description: 'Open the dispute’s evidence', action: 'open' },
  a: { description: 'Accept the dispute (credit the revenue)', action: 'accept' },
  p: { description: 'Accept the dispute in part', action: 'partial' },
  r: { description: 'Reject the dispute', action: 'reject' },
  Escape: { description: 'Close the dispute', action: 'close' },
};

const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
/** Where Enter already means something (a button, a link, a summary). */
const OWN_ENTER = 'button, a[href], summary, [role="button"], [role="menuitem"]';

export function useQueueKeys(handlers: QueueKeyHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useScreenShortcuts(QUEUE_KEYS);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(TYPING) || document.querySelector('[aria-modal="true"]') !== null) return;
      const key = Object.hasOwn(QUEUE_KEYS, event.key) ? QUEUE_KEYS[event.key] : undefined;
      if (!key) return;
      if (key.action === 'open' && target?.closest(OWN_ENTER)) return;
      latest.current[key.action]();
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
