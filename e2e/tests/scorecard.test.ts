import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { eventually } from '../support/eventually';
import { submitLogin } from '../support/sign-in';
import { startSystem, type System } from '../support/system';

/**
 * The Scorecard tab in real Chromium against the production build served by
 * the API on demo data: the table shows what the API answers, a header click
 * reorders it, and a row click lands on Statistics & Records filtered to that
 * publisher (the address, the picker and the records' total).
 */
let system: System;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [system, browser] = await Promise.all([startSystem(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await system?.stop();
});
beforeEach(async () => {
  context = await browser.newContext({ baseURL: system.url });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

interface Row {
  key: string;
  label: string;
  calls: number;
}

const scorecardAnswer = (check: (url: URL) => boolean) =>
  page.waitForResponse((r: Response) => r.url().includes('/api/scorecard?') && check(new URL(r.url())) && r.status() === 200);

async function rowsOf(response: Response): Promise<Row[]> {
  return ((await response.json()) as { data: { rows: Row[] } }).data.rows;
}

/** The table's rows as text: the label and the calls (its first figure, without the arrow's words). */
async function shownRows(table: Locator): Promise<Array<[string, number]>> {
  const rows = table.getByRole('row');
  const shown: Array<[string, number]> = [];
  for (let i = 1; i < (await rows.count()); i += 1) {
    const cells = rows.nth(i).getByRole('cell');
    const label = (await cells.nth(0).textContent())!.trim();
    const calls = /^[\d,]+/.exec((await cells.nth(1).textContent())!.trim())![0];
    shown.push([label, Number(calls.replace(/,/g, ''))]);
  }
  return shown;
}

async function openScorecard() {
  await page.goto('/login');
  await submitLogin(page, system.demoAdmin.email, system.demoAdmin.password);
  await page.waitForURL(/\/reporting(\?.*)?$/);
  // shared-ui/filter-atoms reads `callboard.filters` when the app starts; missing fields take their defaults.
  await page.evaluate(() => localStorage.setItem('callboard.filters', JSON.stringify({ datePreset: 'last_30_days' })));
  const answer = scorecardAnswer((url) => url.searchParams.get('datePreset') === 'last_30_days');
  await page.goto('/reporting/scorecard');
  return rowsOf(await answer);
}

test('the tab shows the API rows; a header sorts; a row opens Reporting filtered to that publisher', async () => {
  const rows = await openScorecard();
  expect(rows.length).toBeGreaterThan(1);
  const table = page.getByRole('table', { name: 'Scorecard by publisher' });
  await table.getByRole('cell', { name: rows[0]!.label, exact: true }).waitFor();
  expect(await shownRows(table)).toEqual(rows.map((r) => [r.label, r.calls]));
  expect(await table.getByRole('columnheader', { name: /^Calls/ }).getAttribute('aria-sort')).toBe('descending');

  // Sorting by the publisher's name, ascending first.
  const sorted = scorecardAnswer((url) => url.searchParams.get('sortBy') === 'label' && url.searchParams.get('sortDir') === 'asc');
  await table.getByRole('button', { name: 'Publisher', exact: true }).click();
  const byName = await rowsOf(await sorted);
  expect(byName.map((r) => r.label)).toEqual([...rows.map((r) => r.label)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  await eventually(async () => (await shownRows(table)).map(([label]) => label).join('|'), byName.map((r) => r.label).join('|'));
  expect(await table.getByRole('columnheader', { name: /^Publisher/ }).getAttribute('aria-sort')).toBe('ascending');

  // A row click: Statistics & Records for that publisher, the same 30 days, its calls and no others.
  const chosen = byName[0]!;
  await table.getByRole('cell', { name: chosen.label, exact: true }).click();
  const landed = () => {
    const url = new URL(page.url());
    return Promise.resolve(`${url.pathname} publisher=${url.searchParams.get('publisher')}`);
  };
  await eventually(landed, `/reporting publisher=${chosen.key}`);
  expect(new URL(page.url()).searchParams.get('datePreset')).toBe('last_30_days');
  await page.getByRole('button', { name: 'Publishers, 1 selected' }).waitFor();
  await page.getByText(new RegExp(`^Showing 1-[\\d,]+ of ${chosen.calls.toLocaleString('en-US')} items$`)).waitFor();
});

/** How the scorecard's table sits in the page: what scrolls sideways, and where its first two columns are. */
async function layoutOf(table: Locator) {
  return table.evaluate((element) => {
    const box = element.parentElement!;
    const main = document.querySelector('.dashboard__main') ?? document.documentElement;
    const row = element.querySelector('tbody tr')!;
    const [first, second] = [row.children[0]!.getBoundingClientRect(), row.children[1]!.getBoundingClientRect()];
    const firstCell = row.children[0]!;
    const hit = document.elementFromPoint(first.left + 4, first.top + first.height / 2);
    return {
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
      mainOverflow: main.scrollWidth - main.clientWidth,
      tableOverflow: box.scrollWidth - box.clientWidth,
      boxLeft: box.getBoundingClientRect().left,
      firstLeft: first.left,
      secondLeft: second.left,
      firstOnTop: hit !== null && firstCell.contains(hit),
    };
  });
}

test('at 1440 px every column fits without sideways scrolling; narrower, the first column stays while the table scrolls', async () => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const rows = await openScorecard();
  const table = page.getByRole('table', { name: 'Scorecard by publisher' });
  await table.getByRole('cell', { name: rows[0]!.label, exact: true }).waitFor();
  const wide = await layoutOf(table);
  expect({ page: wide.pageOverflow, main: wide.mainOverflow, table: wide.tableOverflow }).toEqual({ page: 0, main: 0, table: 0 });

  // A window too narrow for the columns: the table scrolls inside its card, the page does not, and the names stay.
  await page.setViewportSize({ width: 1100, height: 900 });
  await eventually(async () => (await layoutOf(table)).tableOverflow > 200, true);
  const before = await layoutOf(table);
  expect({ page: before.pageOverflow, main: before.mainOverflow }).toEqual({ page: 0, main: 0 });
  await table.evaluate((element) => element.parentElement!.scrollBy({ left: 200 }));
  await eventually(async () => Math.round(before.secondLeft - (await layoutOf(table)).secondLeft), 200);
  const scrolled = await layoutOf(table);
  expect(Math.abs(scrolled.firstLeft - scrolled.boxLeft)).toBeLessThanOrEqual(1);
  expect(scrolled.firstLeft).toBeCloseTo(before.firstLeft, 0);
  expect(scrolled.firstOnTop).toBe(true);
});
