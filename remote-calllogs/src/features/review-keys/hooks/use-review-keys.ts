/**
 * Keyboard review of the log, so a reviewer can work through calls without the mouse: j / k move the focus row, Enter opens
 * it, x selects it (shift+x a run), d opens the disposition list on it
 * (components/disposition-picker.tsx), Escape closes the details. Keys typed
 * into a field, pressed with a modifier, or pressed while a dialog is open
 * belong to those and are left alone.
 */
import { useEffect, useRef } from 'react';

export interface ReviewKeyHandlers {
  next(): void;
  previous(): void;
  open(): void;
  toggle(range: boolean): void;
  /** Opens the disposition list on the focus row. */
  pick(): void;
  close(): void;
}

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

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || dialogOpen()) return;
      const h = latest.current;
      switch (event.key) {
        case 'j':
          h.next();
          break;
        case 'k':
          h.previous();
          break;
        case 'x':
        case 'X':
          h.toggle(event.shiftKey);
          break;
        case 'd':
          h.pick();
          break;
        case 'Enter':
          if (event.target instanceof Element && event.target.closest(OWN_ENTER)) return;
          h.open();
          break;
        case 'Escape':
          h.close();
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
