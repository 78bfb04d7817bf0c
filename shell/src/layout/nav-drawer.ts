import { focusables } from '@callboard/shared-ui/focus-trap';
import { atom, useAtom } from 'jotai';
import { useCallback, useEffect, type FocusEvent, type RefObject } from 'react';
import { WIDE_SCREEN_QUERY } from './narrow-screen';

/** The sidebar's id, which the menu button controls (aria-controls). */
export const MAIN_NAV_ID = 'main-navigation';
/** The header's menu button, where focus goes back when the drawer closes. */
export const NAV_DRAWER_BUTTON_ID = 'nav-drawer-button';

/**
 * Whether the sidebar is open as a drawer on a narrow screen. Not persisted:
 * every page load starts with it closed. On a wide screen it means nothing
 * (the menu button is hidden and the sidebar is always there).
 */
export const navDrawerOpenAtom = atom(false);

function focusMenuButton() {
  document.getElementById(NAV_DRAWER_BUTTON_ID)?.focus();
}

/**
 * The drawer's behaviour, for the sidebar to call with its own element:
 * focus moves into it when it opens; Escape, a click outside it and choosing
 * a link close it and give focus back to the menu button (a click on another
 * control leaves focus on that control); Tab past its end
 * closes it and leaves focus where it went (it is a disclosure, not a modal);
 * growing to a wide screen closes it. Returns the handlers the sidebar puts
 * on itself: `onBlur` and `closeAfterChoice` for its links.
 */
export function useNavDrawer(navRef: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useAtom(navDrawerOpenAtom);

  const close = useCallback(
    (refocus: boolean) => {
      setOpen(false);
      if (refocus) focusMenuButton();
    },
    [setOpen],
  );

  useEffect(() => {
    if (!open) return undefined;
    const nav = navRef.current;
    // The current area's link when there is one, else the first link: where someone opening the menu looks first.
    const current = nav?.querySelector<HTMLElement>('a[aria-current="page"]');
    (current ?? nav?.querySelector<HTMLElement>('a') ?? focusables(nav)[0])?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close(true);
    };
    // Capture: a click on the page behind counts even when what was clicked stops its propagation.
    const onClick = (event: MouseEvent) => {
      const target = event.target as Node | null;
      const button = document.getElementById(NAV_DRAWER_BUTTON_ID);
      if (!target || nav?.contains(target) || button?.contains(target)) return;
      // A click on the backdrop leaves focus nowhere (or still in the drawer): back to the button. A click on a control keeps it there.
      const focus = document.activeElement;
      close(focus === null || focus === document.body || (nav?.contains(focus) ?? false));
    };
    const wide = typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_SCREEN_QUERY) : null;
    const onWide = (event: MediaQueryListEvent) => {
      if (event.matches) close(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('click', onClick, true);
    wide?.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', onClick, true);
      wide?.removeEventListener('change', onWide);
    };
  }, [open, navRef, close]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!open) return;
    const next = event.relatedTarget;
    // Focus going nowhere (a click on the backdrop) is the click handler's business.
    if (!(next instanceof Node) || event.currentTarget.contains(next)) return;
    if (next instanceof HTMLElement && next.id === NAV_DRAWER_BUTTON_ID) return;
    close(false);
  };

  const closeAfterChoice = () => {
    if (open) close(true);
  };

  return { open, onBlur, closeAfterChoice };
}
