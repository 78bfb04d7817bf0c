import { Button } from '@callboard/shared-ui/button';
import { ChevronLeftIcon, ChevronRightIcon } from '@callboard/shared-ui/icons';
import { pageWindow } from './page-window';
import './users-pagination.css';

export interface UsersPaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** A request is running: every control is disabled, so no click can race it. */
  busy: boolean;
}

/**
 * Previous, up to five page buttons (see pageWindow), Next. Nothing at one
 * page or fewer. Unlike the records pagination (ellipses, focusable while
 * loading) this one is disabled while a request runs, as the users screen requires.
 */
export function UsersPagination({ page, totalPages, onPageChange, busy }: UsersPaginationProps) {
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages);
  return (
    <nav className="cb-card__footer users-pagination" aria-label="Users pagination" aria-busy={busy || undefined}>
      <p className="users-pagination__position">
        Page {page} of {totalPages}
      </p>
      <div className="users-pagination__controls">
        <Button
          size="sm"
          variant="ghost"
          icon={<ChevronLeftIcon size={14} />}
          disabled={busy || page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          Previous
        </Button>
        {pages.map((number) => (
          <Button
            key={number}
            size="sm"
            variant={number === page ? 'primary' : 'ghost'}
            className="users-pagination__page"
            aria-label={`Page ${number}`}
            aria-current={number === page ? 'page' : undefined}
            disabled={busy}
            onClick={() => {
              if (number !== page) onPageChange(number);
            }}
          >
            {number}
          </Button>
        ))}
        <Button
          size="sm"
          variant="ghost"
          trailingIcon={<ChevronRightIcon size={14} />}
          disabled={busy || page >= totalPages}
          onClick={() => onPageChange(page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
