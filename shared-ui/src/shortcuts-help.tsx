/**
 * The `?` key: it opens the list of the screen's keyboard shortcuts. Mounted
 * once by each host, beside the area it shows: the shell's signed-in frame
 * (shell/src/layout/dashboard-layout.tsx) and a remote's own dev page
 * (shared-auth/src/standalone-host.tsx, given it by the remote's bootstrap).
 * The overlay itself is a chunk of its own, fetched on the first `?`.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ShortcutMap } from '@callboard/shared-ui/ui-atoms';

export const SHORTCUTS_HELP_KEY = '?';

/** The keys of every screen, listed under "Everywhere". */
export const EVERYWHERE_SHORTCUTS: ShortcutMap = {
  [SHORTCUTS_HELP_KEY]: { description: 'Show the keyboard shortcuts' },
};

const ShortcutsOverlay = lazy(() => import('./shortcuts-overlay'));

const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
/** Lists that take typed characters for themselves (typeahead), as the recording player's `p` leaves them too. */
const OWN_LETTERS = '[role="listbox"], [role="menu"], [role="combobox"]';

/**
 * Whether a key press asks for the shortcuts: `?` (Shift is how most layouts
 * type it) with no other modifier, not typed into a field or a list, and not
 * while a dialog is open (it has the keyboard; this one would stack on it).
 */
export function isShortcutsHelpKey(event: KeyboardEvent): boolean {
  if (event.key !== SHORTCUTS_HELP_KEY || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(TYPING) || target?.closest(OWN_LETTERS)) return false;
  return document.querySelector('[aria-modal="true"]') === null;
}

export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);
  // Nothing is fetched until the first `?`; after that the overlay stays loaded and only opens and closes.
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcutsHelpKey(event)) return;
      event.preventDefault();
      setWanted(true);
      setOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsOverlay open={open} onClose={() => setOpen(false)} everywhere={EVERYWHERE_SHORTCUTS} />
    </Suspense>
  );
}
