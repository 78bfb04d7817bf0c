import { DISPOSITIONS, isDisposition } from '@callboard/contract';
import { StatusBadge } from '@callboard/shared-ui/status-badge';
import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import './disposition-picker.css';

export interface DispositionPickerProps {
  /** Names the call in the list's label, e.g. its caller. */
  callLabel: string;
  /** The call's status now: the list opens on it. */
  current: string;
  /** The focused row's box, to open the list under it. */
  anchor: DOMRect | null;
  onPick: (status: string) => void;
  onCancel: () => void;
}

/** Letters typed within this long of each other search together ("no" → Not Interested, "not q" → Not Qualified). */
export const TYPE_AHEAD_MS = 700;
const LIST_HEIGHT = 320;

/**
 * The disposition list the `d` key opens on the focus row: arrows, Home/End
 * and first letters choose (a letter typed again walks the dispositions that
 * start with it), Enter saves, Escape or Tab cancels. A listbox with its
 * options as aria-activedescendant, so a screen reader reads each choice.
 */
export function DispositionPicker({ callLabel, current, anchor, onPick, onCancel }: DispositionPickerProps) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(() => Math.max(0, isDisposition(current) ? DISPOSITIONS.indexOf(current) : 0));
  const typed = useRef({ text: '', at: 0 });

  // Braces, not an expression: an effect may return only its cleanup, and Chromium's scrollIntoView returns a promise.
  useLayoutEffect(() => {
    listRef.current?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const search = (key: string) => {
    const now = Date.now();
    const text = (now - typed.current.at > TYPE_AHEAD_MS ? '' : typed.current.text) + key.toLowerCase();
    typed.current = { text, at: now };
    const n = DISPOSITIONS.length;
    // The same letter again moves on to the next match; a longer text narrows from the choice it is on.
    const repeat = text.length > 1 && [...text].every((c) => c === text[0]);
    const needle = repeat ? text[0]! : text;
    const start = repeat || text.length === 1 ? active + 1 : active;
    for (let i = 0; i < n; i += 1) {
      const at = (start + i) % n;
      if (DISPOSITIONS[at]!.toLowerCase().startsWith(needle)) {
        setActive(at);
        return;
      }
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const n = DISPOSITIONS.length;
    switch (event.key) {
      case 'ArrowDown':
        setActive((a) => (a + 1) % n);
        break;
      case 'ArrowUp':
        setActive((a) => (a - 1 + n) % n);
        break;
      case 'Home':
        setActive(0);
        break;
      case 'End':
        setActive(n - 1);
        break;
      case 'Enter':
        onPick(DISPOSITIONS[active]!);
        break;
      case 'Escape':
      case 'Tab':
        onCancel();
        break;
      default:
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        search(event.key);
    }
    // The log's own keys (j, k, x, Enter, Escape) must not act on the row while the list is open.
    event.preventDefault();
    event.stopPropagation();
  };

  const top = anchor ? Math.max(8, Math.min(anchor.bottom + 4, window.innerHeight - LIST_HEIGHT - 8)) : 80;
  // Within the screen on a phone too: the list is at most 240 px wide (disposition-picker.css).
  const left = anchor ? Math.max(8, Math.min(anchor.left + 24, window.innerWidth - 248)) : 24;
  const style = { top, left, '--cb-picker-max': `${LIST_HEIGHT}px` } as CSSProperties;

  return (
    <div className="calllogs-picker" style={style}>
      <p className="calllogs-picker__hint" id={`${id}-hint`}>
        Type or use ↑↓ · Enter saves · Esc cancels
      </p>
      <div
        ref={listRef}
        className="calllogs-picker__list"
        role="listbox"
        tabIndex={0}
        aria-label={`Disposition for ${callLabel}`}
        aria-describedby={`${id}-hint`}
        aria-activedescendant={`${id}-${active}`}
        onKeyDown={onKeyDown}
        onBlur={onCancel}
      >
        {DISPOSITIONS.map((status, i) => (
          <div
            key={status}
            id={`${id}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'calllogs-picker__option calllogs-picker__option--active' : 'calllogs-picker__option'}
            // Choosing with the mouse must not blur the list (which cancels) before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(status)}
          >
            <StatusBadge status={status} />
            {status === current ? <span className="calllogs-picker__current">current</span> : null}
          </div>
        ))}
      </div>
    </div>
  );
}
