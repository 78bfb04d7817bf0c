/**
 * Keyboard review of the log, so a reviewer can work through calls without the mouse: j / k move the focus row, Enter opens
 * it, x selects it (shift+x a run), d opens the disposition list on it
 * (components/disposition-picker.tsx), Escape closes the details. Keys typed
 * into a field, pressed with a modifier, or pressed while a dialog is open
 * belong to those and are left alone. REVIEW_KEYS is the one list of them:
 * the handler reads it and the `?` overlay lists it (shared-ui/src/shortcuts-overlay.tsx).
 */
import { useScreenShortcuts, type ShortcutEntry } from '@callboard/shared-ui/ui-atoms';
import { useEffect, useRef } from 'react';

export interface ReviewKeyHandlers {
  next(): void;
  previous(): void;
  open(): void;
  /** `range`: Shift was held, so the calls from the last one selected are selected too. */
  toggle(range: boolean): void;
  /** Opens the disposition list on the focus row. */
  pick(): void;
  close(): void;
}

export type ReviewAction = keyof ReviewKeyHandlers;

export interface ReviewKey extends ShortcutEntry {
  readonly action: ReviewAction;
}

/** Each review key (KeyboardEvent.key) → what it does → the handler it runs; listed in this order by the `?` overlay. */
export const REVIEW_KEYS: Readonly<Record<string, ReviewKey>> = {
  j: { description: 'Next call', action: 'next' },
  k: { description: 'Previous call', action: 'previous' },
  Enter: { description: 'Open the call’s details', action: 'open' },
  x: { description: 'Select the call, or unselect it', action: 'toggle' },
  X: { description: 'Select the calls from the last one selected to this one', action: 'toggle' },
  d: { description: 'Set the call’s disposition', action: 'pick' },
  Escape: { description: 'Close the details', action: 'close' },
};

const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
/** Where Enter already means something (press a button, follow a link, open a focused row through the table). */
const OWN_ENTER = 'button, a[href], summary, [role="button"], [role="menuitem"], tr';

function isTyping(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(TYPING) !== null;
}

function dialogOpen(): boolean {
  return document.querySelector('[aria-modal="true"]') !== null;
}

export function useReviewKeys(handlers: ReviewKeyHandlers): void {
  // The listener is added once; the handlers change with every render.
  const latest = useRef(handlers);
  latest.current = handlers;
  useScreenShortcuts(REVIEW_KEYS);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || dialogOpen()) return;
      const key = Object.hasOwn(REVIEW_KEYS, event.key) ? REVIEW_KEYS[event.key] : undefined;
      if (!key) return;
      if (key.action === 'open' && event.target instanceof Element && event.target.closest(OWN_ENTER)) return;
      latest.current[key.action](event.shiftKey);
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
