import { MAX_PAGE_BUTTONS, pageWindow } from './page-window';

describe('pageWindow', () => {
  it('shows every page from 1 when there are at most 5', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows nothing without pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, Number.NaN)).toEqual([]);
  });

  it('starts at 1 near the start of many pages', () => {
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 9)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres on the current page in the middle', () => {
    expect(pageWindow(4, 9)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(6, 9)).toEqual([4, 5, 6, 7, 8]);
  });

  it('ends at the last page near the end', () => {
    expect(pageWindow(8, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9]);
  });

  it('never shows more than 5 buttons and always contains the current page', () => {
    for (let total = 1; total <= 30; total += 1) {
      for (let page = 1; page <= total; page += 1) {
        const pages = pageWindow(page, total);
        expect(pages.length).toBe(Math.min(total, MAX_PAGE_BUTTONS));
        expect(pages).toContain(page);
        expect(pages[0]).toBeGreaterThanOrEqual(1);
        expect(pages[pages.length - 1]).toBeLessThanOrEqual(total);
      }
    }
  });

  it('reads a current page out of range as the nearest end', () => {
    expect(pageWindow(0, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(40, 9)).toEqual([5, 6, 7, 8, 9]);
  });
});
