import { Button } from '@callboard/shared-ui/button';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import './scorecard-phone.css';

/** Sources a phone shows before "Show all": a screenful or two of cards, the top of the table's order. */
export const PHONE_FIRST_ROWS = 20;

interface Props {
  /** The table's rows, and what they are ("publishers"): "Show all 113 publishers". */
  count: number;
  noun: string;
  children: ReactNode;
}

/**
 * The scorecard's table as a phone shows it: the rows are cards (scorecard-table.tsx places the cells),
 * and only the first twenty of them until "Show all", so a month of a hundred publishers is not a
 * list of thousands of pixels to thumb through. CSS does the folding and hides the button at 768 px
 * and wider (scorecard-phone.css), where the table is whole; nothing measures the screen.
 */
export function ScorecardPhoneList({ count, noun, children }: Props) {
  // Unfolded for one grouping: another grouping starts folded again.
  const [unfoldedFor, setUnfoldedFor] = useState<string | null>(null);
  const folded = unfoldedFor !== noun && count > PHONE_FIRST_ROWS;
  const box = useRef<HTMLDivElement>(null);
  const moveFocus = useRef(false);
  // The button goes once pressed: the focus moves on to the first card it brought, not to the page.
  useLayoutEffect(() => {
    if (folded || !moveFocus.current) return;
    moveFocus.current = false;
    box.current?.querySelector<HTMLElement>(`tbody tr:nth-child(${PHONE_FIRST_ROWS + 1})`)?.focus();
  }, [folded]);
  return (
    <div ref={box} className={folded ? 'scorecard__rows scorecard__rows--folded' : 'scorecard__rows'}>
      {children}
      {folded ? (
        <div className="scorecard__show-all">
          <Button
            size="sm"
            onClick={() => {
              moveFocus.current = true;
              setUnfoldedFor(noun);
            }}
          >
            Show all {count} {noun}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
