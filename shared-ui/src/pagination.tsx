import { formatCount } from './format';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import './pagination.css';

export type PageItem = number | 'ellipsis';

/**
 * The page buttons of the records table, so a long result still fits one row:
 * - 1 page or fewer: nothing (the pagination is hidden);
 * - 7 pages or fewer: every page;
 * - current page 4 or lower: pages 1–5, ellipsis, last page;
 * - current page within 3 of the end: page 1, ellipsis, last 5 pages;
 * - otherwise: page 1, ellipsis, current with one neighbour each side, ellipsis, last page.
 * A current page outside 1…totalPages is read as the nearest end.
 */
export function pageItems(current: number, totalPages: number): PageItem[] {
  const total = Math.floor(totalPages);
  if (!Number.isFinite(total) || total <= 1) return [];
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (total <= 7) return range(1, total);
  const page = Math.min(Math.max(Math.floor(current) || 1, 1), total);
  if (page <= 4) return [...range(1, 5), 'ellipsis', total];
  if (page >= total - 3) return [1, 'ellipsis', ...range(total - 4, total)];
  return [1, 'ellipsis', page - 1, page, page + 1, 'ellipsis', total];
}

/** Whether a click on `target` should change the page: never while loading, never outside 1…totalPages, never to the same page. */
export function canGoToPage(target: number, current: number, totalPages: number, loading = false): boolean {
  return !loading && Number.isInteger(target) && target >= 1 && target <= totalPages && target !== current;
}

/** "Showing X-Y of N items", the range on screen; "Showing 0-0 of 0 items" when there are none. */
export function pageSummaryText(page: number, limit: number, total: number): string {
  if (total <= 0 || limit <= 0) return 'Showing 0-0 of 0 items';
  const first = Math.min((Math.max(page, 1) - 1) * limit + 1, total);
  const last = Math.min(Math.max(page, 1) * limit, total);
  return `Showing ${formatCount(first)}-${formatCount(last)} of ${formatCount(total)} items`;
}

export interface PageSummaryProps {
  page: number;
  limit: number;
  total: number;
  className?: string;
}

/** The "Showing X-Y of N items" line, announced politely when it changes. */
export function PageSummary({ page, limit, total, className }: PageSummaryProps) {
  return (
    <p className={['cb-page-summary', className].filter(Boolean).join(' ')} aria-live="polite">
      {pageSummaryText(page, limit, total)}
    </p>
  );
}

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** While true, clicks are ignored, so no page change races the request in flight, and the controls read as disabled. */
  loading?: boolean;
  /** Names the navigation landmark. */
  label?: string;
  className?: string;
}

/**
 * Previous, page numbers with ellipses (see pageItems), Next. Renders nothing
 * for one page or fewer. Controls stay focusable while loading (aria-disabled)
 * so keyboard focus is not lost when a page starts loading.
 */
export function Pagination({ page, totalPages, onPageChange, loading = false, label = 'Pagination', className }: PaginationProps) {
  const items = pageItems(page, totalPages);
  if (items.length === 0) return null;

  const go = (target: number) => {
    if (canGoToPage(target, page, totalPages, loading)) onPageChange(target);
  };
  const previousDisabled = loading || page <= 1;
  const nextDisabled = loading || page >= totalPages;

  return (
    <nav className={['cb-pagination', loading && 'cb-pagination--loading', className].filter(Boolean).join(' ')} aria-label={label}>
      <button type="button" className="cb-pagination__button cb-pagination__step" aria-label="Previous page" aria-disabled={previousDisabled || undefined} onClick={() => go(page - 1)}>
        <ChevronLeftIcon size={14} />
      </button>
      {items.map((item, index) =>
        item === 'ellipsis' ? (
          <span key={`ellipsis-${index}`} className="cb-pagination__ellipsis" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className="cb-pagination__button"
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
            aria-disabled={loading || undefined}
            onClick={() => go(item)}
          >
            {item}
          </button>
        ),
      )}
      <button type="button" className="cb-pagination__button cb-pagination__step" aria-label="Next page" aria-disabled={nextDisabled || undefined} onClick={() => go(page + 1)}>
        <ChevronRightIcon size={14} />
      </button>
    </nav>
  );
}
