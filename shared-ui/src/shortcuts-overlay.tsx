/**
 * The keyboard shortcuts dialog that `?` opens (shortcuts-help.tsx): the keys
 * of what is on the screen now, as the components handling them registered
 * them (useScreenShortcuts in ui-atoms.ts), then the keys of every screen.
 */
import { Modal } from '@callboard/shared-ui/modal';
import { screenShortcutsAtom, type ShortcutMap } from '@callboard/shared-ui/ui-atoms';
import { useAtomValue } from 'jotai';
import { useId } from 'react';
import './shortcuts-overlay.css';

export interface ShortcutsOverlayProps {
  open: boolean;
  onClose: () => void;
  /** The keys of every screen (`?` itself). */
  everywhere: ShortcutMap;
}

const NAMED_KEYS: Readonly<Record<string, string>> = {
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
  Escape: 'Esc',
  ' ': 'Space',
};

/** How a KeyboardEvent.key is printed on a key cap: an upper-case letter is Shift and its letter. */
export function keyCaps(key: string): string[] {
  const named = NAMED_KEYS[key];
  if (named !== undefined) return [named];
  if (key.length === 1 && key !== key.toLowerCase()) return ['Shift', key.toLowerCase()];
  return [key];
}

export default function ShortcutsOverlay({ open, onClose, everywhere }: ShortcutsOverlayProps) {
  const registered = useAtomValue(screenShortcutsAtom);
  // One line per key: a key two components register (two players) is one shortcut on the screen.
  const onScreen: ShortcutMap = Object.assign({}, ...registered.map((entry) => entry.keys)) as ShortcutMap;
  return (
    <Modal open={open} onClose={onClose} title="Keyboard shortcuts" size="sm" className="cb-shortcuts">
      <ShortcutGroup title="This screen" keys={onScreen} empty="This screen has no keys of its own." />
      <ShortcutGroup title="Everywhere" keys={everywhere} />
    </Modal>
  );
}

function ShortcutGroup({ title, keys, empty }: { title: string; keys: ShortcutMap; empty?: string }) {
  const headingId = useId();
  const entries = Object.entries(keys);
  return (
    <section className="cb-shortcuts__group" aria-labelledby={headingId}>
      <h3 id={headingId} className="cb-shortcuts__heading">
        {title}
      </h3>
      {entries.length === 0 ? (
        <p className="cb-muted cb-text-sm">{empty}</p>
      ) : (
        <dl className="cb-shortcuts__list">
          {entries.map(([key, { description }]) => (
            <div key={key} className="cb-shortcuts__item">
              <dt className="cb-shortcuts__keys">
                {keyCaps(key).map((cap) => (
                  <kbd key={cap} className="cb-shortcuts__key">
                    {cap}
                  </kbd>
                ))}
              </dt>
              <dd className="cb-shortcuts__description">{description}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
