import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, clampColumnWidth } from './column-widths';

export interface ColumnResizerProps {
  /** The column's name as its header reads ("Campaign Name"), for "Resize Campaign Name column". */
  name: string;
  /** The width in use, in px. */
  width: number;
  /** A new width while dragging (`done` false) or once chosen (`done` true); `null` goes back to the default. */
  onResize: (px: number | null, done: boolean) => void;
}

/** Arrow keys move the edge this far; with Shift, five times as far. */
export const RESIZE_STEP_PX = 10;

/**
 * The right edge of a column's header, to drag for its width. A focusable
 * splitter (role="separator" with its width as aria-valuenow), so the
 * keyboard does what the pointer does: Left and Right arrows narrow and
 * widen it, Home and End go to the narrowest and widest, Enter (or a
 * double click) gives it back its own width.
 */
export function ColumnResizer({ name, width, onResize }: ColumnResizerProps) {
  const drag = useRef<{ x: number; width: number; moved: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.focus();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    // Start from the width the header is drawn at: a table wider than its columns spreads the difference.
    const drawn = event.currentTarget.parentElement?.getBoundingClientRect().width ?? 0;
    drag.current = { x: event.clientX, width: drawn > 0 ? drawn : width, moved: 0 };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current.moved = clampColumnWidth(drag.current.width + event.clientX - drag.current.x);
    onResize(drag.current.moved, false);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const { moved } = drag.current;
    drag.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    if (moved > 0) onResize(moved, true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? RESIZE_STEP_PX * 5 : RESIZE_STEP_PX;
    const next: Record<string, number | null> = {
      ArrowLeft: width - step,
      ArrowRight: width + step,
      Home: MIN_COLUMN_WIDTH,
      End: MAX_COLUMN_WIDTH,
      Enter: null,
    };
    if (!(event.key in next)) return;
    event.preventDefault();
    event.stopPropagation();
    const px = next[event.key] ?? null;
    onResize(px === null ? null : clampColumnWidth(px), true);
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${name} column`}
      aria-valuenow={Math.round(width)}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_COLUMN_WIDTH}
      tabIndex={0}
      className="cb-table__resizer"
      data-row-click-ignore=""
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      onDoubleClick={() => onResize(null, true)}
      onClick={(event) => event.stopPropagation()}
    />
  );
}
