import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { applyDatePreset } from '../support/filters';
import { submitLogin } from '../support/sign-in';
import { startSystem, type System } from '../support/system';

/**
 * Transcript search in real Chromium against the production build on demo
 * data: the records search box switched to Transcript from the keyboard, the
 * records and the statistics narrowed to the calls that say the word, the
 * address holding `q`, and the call's detail marking the word.
 */
let system: System;
let browser: Browser;
let context: BrowserContext;
let page: Page;

// A busy 2-core machine builds, seeds and renders slowly: allow generous waits, never tight ones.
const SLOW = { timeout: 30_000 };

beforeAll(async () => {
  [system, browser] = await Promise.all([startSystem({ demoCalls: 2000 }), launchChromium()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await system?.stop();
});
beforeEach(async () => {
  context = await browser.newContext({ baseURL: system.url, viewport: { width: 1600, height: 1000 } });
  page = await context.newPage();
  page.setDefaultTimeout(SLOW.timeout);
});
afterEach(async () => {
  await context.close();
});

jest.setTimeout(180_000);

const summary = () => page.getByText(/^Showing \d[\d,]*-\d[\d,]* of \d[\d,]* items$/);
const card = (label: string) => page.getByRole('article', { name: label, exact: true });
const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

async function settled() {
  await page.getByText(/Loading (stats|records)\.\.\./).first().waitFor({ state: 'detached' });
  await card('Total Processed').getByTestId('stats-count').waitFor();
  await summary().waitFor();
}

async function figures() {
  const [, total] = /of ([\d,]+) items$/.exec((await summary().textContent()) ?? '') ?? [];
  return { records: number(total ?? ''), processed: number(await card('Total Processed').getByTestId('stats-count').textContent()) };
}

async function waitUntil(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + SLOW.timeout;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

test('a word in Transcript mode narrows the records and the stats alike, the address holds q, the detail marks the word', async () => {
  await page.goto('/login');
  await submitLogin(page, system.demoAdmin.email, system.demoAdmin.password);
  await page.waitForURL(/\/reporting(\?.*)?$/);
  await applyDatePreset(page, 'last_30_days');
  await settled();
  const before = await figures();
  expect(before.records).toBe(before.processed);

  // The switch from the keyboard: focus it, choose the next mode, then type in the box.
  const mode = page.getByRole('combobox', { name: 'Search by' });
  await mode.focus();
  await page.keyboard.press('ArrowDown');
  expect(await mode.inputValue()).toBe('transcript');
  await page.keyboard.press('Tab');
  await page.keyboard.type('voicemail');
  await page.keyboard.press('Enter');

  await page.waitForURL(/[?&]q=voicemail(&|$)/);
  expect(new URL(page.url()).searchParams.has('search')).toBe(false);
  await waitUntil(async () => {
    if (await page.getByText(/Loading (stats|records)\.\.\./).count()) return false;
    const now = await figures();
    return now.records > 0 && now.records < before.records && now.processed === now.records;
  }, 'the records and the stats to narrow to the same calls');

  // A call found: its transcript marks the word, as the server matched it.
  await page.getByRole('table', { name: 'Call records' }).locator('tbody tr').first().locator('td').nth(2).click();
  await page.waitForURL(/\/reporting\/calls\/\d+(\?.*)?$/);
  const dialog = page.getByRole('dialog', { name: /Call Record Details/ });
  const marks = dialog.locator('mark');
  await marks.first().waitFor();
  const marked = await marks.allTextContents();
  expect(marked.length).toBeGreaterThan(0);
  for (const text of marked) expect(text.toLowerCase()).toMatch(/^voicemail/);
});
