import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

/** What a keyboard user can Tab to: enabled controls, links, media with controls and anything given a tab stop. */
export const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), audio[controls], video[controls], [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** The focusable elements inside `root`, in document (Tab) order. */
export function focusables(root: HTMLElement | null | undefined): HTMLElement[] {
  return root ? Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)) : [];
}

export interface FocusTrapOptions {
  /** Escape: the surface closes (its parent unmounts it). */
  onEscape: () => void;
  /** An element that always takes focus on open. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /**
   * Without `initialFocusRef`: where focus goes on open, unless it is already
   * inside (an autoFocus field got there first). By default the first
   * focusable element; the surface itself when there is none.
   */
  defaultFocus?: () => HTMLElement | null | undefined;
}

/**
 * The keyboard behaviour of a modal surface (the centred Modal, the filters
 * side panel): focus moves in when it opens and back to the opener when it
 * closes, Tab and Shift+Tab wrap inside, Escape closes. Mount it with the
 * surface (it acts once per opening) and put the returned handler on the
 * surface's keydown.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, { onEscape, initialFocusRef, defaultFocus }: FocusTrapOptions) {
  // Read during the first render, before an autoFocus field inside takes focus.
  const openerRef = useRef(typeof document === 'undefined' ? null : document.activeElement);

  // The surface and its focus choices as they were when it opened: focus is placed once per opening.
  const openedWith = useRef({ ref, initialFocusRef, defaultFocus });

  useEffect(() => {
    const { ref, initialFocusRef, defaultFocus } = openedWith.current;
    const opener = openerRef.current instanceof HTMLElement ? openerRef.current : null;
    const alreadyInside = ref.current?.contains(document.activeElement) ?? false;
    if (initialFocusRef?.current) initialFocusRef.current.focus();
    else if (!alreadyInside) ((defaultFocus ? defaultFocus() : focusables(ref.current)[0]) ?? ref.current)?.focus();
    return () => {
      // Back to the opener, if it is still on the page.
      if (opener?.isConnected) opener.focus();
    };
    // Once per opening: later renders must not pull focus back.
  }, []);

  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      // Handled here, so a surface under this one (React events bubble through portals) stays open.
      event.stopPropagation();
      onEscape();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables(ref.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };
}
