import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PageSummary, Pagination, canGoToPage, pageItems, pageSummaryText } from './pagination';

describe('pageItems (the page buttons of the records table)', () => {
  test('hidden at 1 page or fewer', () => {
    expect(pageItems(1, 1)).toEqual([]);
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(3, -2)).toEqual([]);
  });

  test('7 or fewer pages: every number', () => {
    expect(pageItems(1, 2)).toEqual([1, 2]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  test.each([1, 2, 3, 4])('current page %i (4 or lower) of 20: first 5, ellipsis, last', (current) => {
    expect(pageItems(current, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
  });

  test.each([17, 18, 19, 20])('current page %i (within 3 of the end) of 20: first, ellipsis, last 5', (current) => {
    expect(pageItems(current, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
  });

  test.each([
    [5, [1, 'ellipsis', 4, 5, 6, 'ellipsis', 20]],
    [10, [1, 'ellipsis', 9, 10, 11, 'ellipsis', 20]],
    [16, [1, 'ellipsis', 15, 16, 17, 'ellipsis', 20]],
  ])('current page %i of 20 (middle): first, ellipsis, current ±1, ellipsis, last', (current, items) => {
    expect(pageItems(current, 20)).toEqual(items);
  });

  test('8 pages: the smallest count with ellipses', () => {
    expect(pageItems(4, 8)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 8]);
    expect(pageItems(5, 8)).toEqual([1, 'ellipsis', 4, 5, 6, 7, 8]);
  });

  test('a current page out of range reads as the nearest end', () => {
    expect(pageItems(0, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
    expect(pageItems(99, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
  });
});

describe('canGoToPage', () => {
  test('refuses while loading, out of range, or to the same page', () => {
    expect(canGoToPage(2, 1, 5)).toBe(true);
    expect(canGoToPage(2, 1, 5, true)).toBe(false);
    expect(canGoToPage(0, 1, 5)).toBe(false);
    expect(canGoToPage(6, 5, 5)).toBe(false);
    expect(canGoToPage(3, 3, 5)).toBe(false);
    expect(canGoToPage(2.5, 1, 5)).toBe(false);
  });
});

describe('Pagination', () => {
  test('renders nothing for one page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} onPageChange={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  test('shows the numbers of pageItems with the current page marked, and changes page on click', async () => {
    const onPageChange = jest.fn();
    render(<Pagination page={10} totalPages={20} onPageChange={onPageChange} />);
    const pages = screen.getAllByRole('button', { name: /^Page / }).map((b) => b.textContent);
    expect(pages).toEqual(['1', '9', '10', '11', '20']);
    expect(screen.getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 11' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange.mock.calls).toEqual([[11], [11], [9]]);
  });

  test('ignores clicks while loading', async () => {
    const onPageChange = jest.fn();
    render(<Pagination page={2} totalPages={5} onPageChange={onPageChange} loading />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-disabled', 'true');
  });

  test('ignores Previous on the first page and Next on the last (out of range)', async () => {
    const onPageChange = jest.fn();
    const { rerender } = render(<Pagination page={1} totalPages={5} onPageChange={onPageChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    rerender(<Pagination page={5} totalPages={5} onPageChange={onPageChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });
});

describe('PageSummary', () => {
  test('reads "Showing X-Y of N items"', () => {
    expect(pageSummaryText(1, 25, 60)).toBe('Showing 1-25 of 60 items');
    expect(pageSummaryText(3, 25, 60)).toBe('Showing 51-60 of 60 items');
    expect(pageSummaryText(1, 25, 0)).toBe('Showing 0-0 of 0 items');
    expect(pageSummaryText(2, 25, 12345)).toBe('Showing 26-50 of 12,345 items');
    render(<PageSummary page={2} limit={10} total={15} />);
    expect(screen.getByText('Showing 11-15 of 15 items')).toBeInTheDocument();
  });
});
