import { useState } from 'react';
import { DayPicker, type DateRange } from 'react-day-picker';
import 'react-day-picker/style.css';
import './range-calendar.css';

/** A custom range as the filters panel keeps it: New York wall-clock `YYYY-MM-DDTHH:mm` (datetime-local) strings. */
export interface CalendarRange {
  startDate: string;
  endDate: string;
}

export interface RangeCalendarProps {
  startDate: string;
  endDate: string;
  /** Called with whole days: the first day from midnight, the last one up to 23:59. */
  onChange: (range: CalendarRange) => void;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A picked day as its date alone: the calendar's Date is that day at midnight on this browser's clock, and only the day is meant. */
const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** The day a datetime-local value names, as the calendar's Date for it; undefined when it names none. */
function dateOf(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined;
}

/**
 * The custom range's calendar (react-day-picker): a first click picks a day
 * (the range is that day), a second one the other end, in either order; the
 * next click starts a new range rather than stretching the last one. It writes the same two fields as the Start Date
 * and End Date inputs beside it, so the panel's one check of a custom range
 * (draftError in filters-draft.ts) judges what it picked. Its own chunk,
 * loaded when a person opens it: the first screen does not carry it
 * (docs/decisions/0011-bundle-budgets.md).
 */
export default function RangeCalendar({ startDate, endDate, onChange }: RangeCalendarProps) {
  const from = dateOf(startDate);
  const to = dateOf(endDate);
  const selected: DateRange | undefined = from ? { from, to } : undefined;
  // The first end of a range being picked, until its second click.
  const [anchor, setAnchor] = useState<Date | null>(null);
  const pick = (first: Date, last: Date) => onChange({ startDate: `${dayOf(first)}T00:00`, endDate: `${dayOf(last)}T23:59` });
  return (
    <DayPicker
      className="cb-range-calendar"
      mode="range"
      selected={selected}
      defaultMonth={to ?? from}
      onSelect={(_range, day) => {
        if (anchor === null) {
          setAnchor(day);
          pick(day, day);
        } else {
          setAnchor(null);
          pick(anchor < day ? anchor : day, anchor < day ? day : anchor);
        }
      }}
    />
  );
}
