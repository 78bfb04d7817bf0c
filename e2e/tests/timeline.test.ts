import { DISPOSITIONS, REJECTED_UNKNOWN, type ApiSuccess, type RecordsMeta, type SeriesData } from '@callboard/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { applyDatePreset } from '../support/filters';
import { submitLogin } from '../support/sign-in';
import { startSystem, type System } from '../support/system';

/**
 * The timeline above the statistics cards, in real Chromium against the
 * production build on demo data: what it draws is what GET /api/stats/series
 * answers, and its bars and the cards narrow the records to exactly the calls
 * the API counts for the narrowed filters.
 */
let system: System;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const SLOW = { timeout: 30_000 };
const SERIES_KEYS = [...DISPOSITIONS, REJECTED_UNKNOWN];

beforeAll(async () => {
  [system, browser] = await Promise.all([startSystem({ demoCalls: 3000 }), launchChromium()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await system?.stop();
});
beforeEach(async () => {
  context = await browser.newContext({ baseURL: system.url, viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
  page.setDefaultTimeout(SLOW.timeout);
});
afterEach(async () => {
  await context.close();
});

jest.setTimeout(180_000);

/** A GET with the page's session, as the app makes it. */
async function api<T>(pathAndQuery: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return response.json();
  }, pathAndQuery) as Promise<T>;
}

const groups = () => page.getByTestId('timeline-bucket');
const summary = () => page.getByText(/^Showing \d[\d,]*-\d[\d,]* of \d[\d,]* items$/);
const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

async function recordsTotal(): Promise<number> {
  await page.getByText('Loading records...').waitFor({ state: 'detached' });
  const text = (await summary().textContent()) ?? '';
  return number(/of ([\d,]+) items$/.exec(text)?.[1] ?? '');
}

/** The records total the API gives for a query (one row is enough to read `meta.total`). */
async function apiRecordsTotal(query: Record<string, string>): Promise<number> {
  const params = new URLSearchParams({ ...query, limit: '1' });
  return (await api<{ meta: RecordsMeta }>(`/api/calls/records?${params.toString()}`)).meta.total;
}

/**
 * Signs in, chooses the last 7 days (the timeline draws them by the day) and
 * resolves with the series query the page sent, once the chart is drawn.
 */
async function signInOnLast7Days(): Promise<URL> {
  await page.goto('/login');
  await submitLogin(page, system.demoAdmin.email, system.demoAdmin.password);
  await page.waitForURL(/\/reporting(\?.*)?$/);
  const seriesRequest = page.waitForRequest((request) => request.url().includes('/api/stats/series') && request.url().includes('last_7_days'));
  await applyDatePreset(page, 'last_7_days');
  const url = new URL((await seriesRequest).url());
  await page.getByText('Loading timeline...').waitFor({ state: 'detached' });
  await groups().first().waitFor();
  return url;
}

test('the chart draws one group per bucket, and its table holds what /api/stats/series answers', async () => {
  const url = await signInOnLast7Days();
  const series = (await api<ApiSuccess<SeriesData>>(`${url.pathname}${url.search}`)).data;
  expect(series.bucket).toBe('day');
  expect(await groups().count()).toBe(series.buckets.length);

  await page.getByRole('button', { name: 'Table', exact: true }).click();
  const table = page.getByRole('table', { name: 'Calls per day by disposition, New York time' });
  const rows = table.locator('tbody tr');
  expect(await rows.count()).toBe(series.buckets.length);
  for (const [index, bucket] of series.buckets.entries()) {
    const cells = (await rows.nth(index).getByRole('cell').allTextContents()).map(number);
    const previous = series.previous.buckets[index]?.total ?? 0;
    expect(cells).toEqual([...SERIES_KEYS.map((key) => bucket.counts[key] ?? 0), bucket.total, previous]);
  }
});

test('a card narrows the records to its calls: the records total is the API\'s for that status', async () => {
  const url = await signInOnLast7Days();
  const query = Object.fromEntries(url.searchParams);
  await recordsTotal();

  const voicemail = page.getByRole('article', { name: 'Voicemail', exact: true }).getByRole('button', { name: 'Voicemail' });
  await voicemail.click();
  await page.waitForFunction(() => document.querySelector('[aria-pressed="true"][title="Show Voicemail calls"]') !== null);
  expect(await recordsTotal()).toBe(await apiRecordsTotal({ ...query, status: 'Voicemail' }));

  await page.getByRole('article', { name: 'Red No Connects', exact: true }).getByRole('button').click();
  await page.getByRole('article', { name: 'Red No Connects', exact: true }).getByRole('button', { pressed: true }).waitFor();
  expect(await recordsTotal()).toBe(await apiRecordsTotal({ ...query, connected: 'false' }));
});

test('a bar segment narrows the records to its bucket and disposition: the total is the bucket\'s count', async () => {
  const url = await signInOnLast7Days();
  const series = (await api<ApiSuccess<SeriesData>>(`${url.pathname}${url.search}`)).data;
  // The fullest bucket, and its largest disposition: a segment tall enough to click.
  const index = series.buckets.reduce((best, bucket, i) => (bucket.total > (series.buckets[best]?.total ?? 0) ? i : best), 0);
  const bucket = series.buckets[index]!;
  const key = SERIES_KEYS.reduce((best, k) => ((bucket.counts[k] ?? 0) > (bucket.counts[best] ?? 0) ? k : best), SERIES_KEYS[0]!);
  expect(bucket.counts[key]).toBeGreaterThan(0);

  const narrowed = page.waitForRequest((request) => request.url().includes('/api/calls/records') && request.url().includes('datePreset=custom'));
  await groups().nth(index).locator(`[data-key="${key}"]`).click();
  const records = new URL((await narrowed).url());
  expect(records.searchParams.get('status')).toBe(key);
  expect(Date.parse(records.searchParams.get('startDate')!)).toBe(Date.parse(bucket.from));
  expect(Date.parse(records.searchParams.get('endDate')!)).toBe(Date.parse(bucket.to));

  const total = await recordsTotal();
  expect(total).toBe(bucket.counts[key]);
  expect(total).toBe(await apiRecordsTotal(Object.fromEntries([...records.searchParams].filter(([name]) => !['page', 'limit', 'sortBy', 'sortDir'].includes(name)))));
});
