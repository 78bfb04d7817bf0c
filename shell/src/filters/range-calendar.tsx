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
  /** Called with whole days: from the first day's midnight to the midnight after the last (the API's end is exclusive). */
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
/** The day after a picked day (the calendar's Dates are local midnights, so the day's number steps it). */
const nextDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);
/** The last day a range ending at `value` holds: an end at midnight holds nothing of its own day. */
function lastDayOf(value: string): Date | undefined {
  const day = dateOf(value);
  if (day === undefined || !/T00:00/.test(value)) return day;
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() - 1);
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
  const to = lastDayOf(endDate);
  const selected: DateRange | undefined = from ? { from, to } : undefined;
  // The first end of a range being picked, until its second click.
  const [anchor, setAnchor] = useState<Date | null>(null);
  // The end is the midnight after the last day: the API reads a range as [start, end), so 23:59 would leave
  // the last minute's calls out, and whole days are read from the daily rollups.
  const pick = (first: Date, last: Date) => onChange({ startDate: `${dayOf(first)}T00:00`, endDate: `${dayOf(nextDay(last))}T00:00` });
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
