import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium } from '../support/browser';
import { startSystem, type System } from '../support/system';
import { submitLogin } from '../support/sign-in';

/**
 * The Costs view as an admin meets it, in real Chromium against the production
 * build served by the API on demo data: the figures and the
 * breakdown for the last 30 days, the breakdown's export, and a payment
 * recorded, edited and deleted.
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
  context = await browser.newContext({ baseURL: system.url, acceptDownloads: true });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

const MONEY = /^-?\$[\d,]+\.\d{2}$/;

/** Signs in as the demo admin, then opens the Costs view with the date preset stored as the app stores it. */
async function openCostsForLast30Days() {
  await page.goto('/login');
  await submitLogin(page, system.demoAdmin.email, system.demoAdmin.password);
  await page.waitForURL(/\/reporting(\?.*)?$/);

  // shared-ui/filter-atoms reads `callboard.filters` when the app starts; missing fields take their defaults.
  await page.evaluate(() => localStorage.setItem('callboard.filters', JSON.stringify({ datePreset: 'last_30_days' })));
  const statsRequest = page.waitForRequest((r) => r.url().includes('/api/cost/stats') && r.url().includes('datePreset=last_30_days'));
  await page.goto('/reporting/costs');
  await statsRequest;
  await page.getByRole('link', { name: 'Costs' }).waitFor();
}

const card = (name: string) => page.getByRole('group', { name, exact: true });

async function cardValue(name: string, pattern: RegExp): Promise<string> {
  const value = card(name).getByText(pattern);
  await value.waitFor();
  return (await value.textContent())!.trim();
}

/** The cells of a table row, as text. */
async function cellTexts(row: Locator): Promise<string[]> {
  return (await row.getByRole('cell').allTextContents()).map((t) => t.trim());
}

test('the cards and the breakdown show the last 30 days, and they agree', async () => {
  await openCostsForLast30Days();

  const revenue = await cardValue('Revenue', MONEY);
  await cardValue('Payout', MONEY);
  await cardValue('Profit', MONEY);
  await cardValue('Cost per Sale', MONEY);
  await cardValue('Margin', /%$/);
  const calls = await cardValue('Calls', /^[\d,]+$/);
  await cardValue('Sales', /^[\d,]+$/);
  expect(Number(calls.replace(/,/g, ''))).toBeGreaterThan(0);

  const byPublisher = page.getByRole('table', { name: 'Costs by publisher' });
  const total = byPublisher.getByRole('row', { name: /^Total\b/ });
  await total.waitFor();
  expect(await byPublisher.getByRole('row').count()).toBeGreaterThan(2); // header, publishers, total
  // Every call has a publisher: the breakdown's sums are the cards' figures.
  const [, totalCalls, , totalRevenue] = await cellTexts(total);
  expect(totalCalls).toBe(calls);
  expect(totalRevenue).toBe(revenue);

  // Another grouping, and a sort by calls (ascending first).
  const campaignRequest = page.waitForRequest((r) => r.url().includes('/api/cost/breakdown') && r.url().includes('groupBy=campaign'));
  await page.getByRole('radio', { name: 'Campaign' }).check();
  await campaignRequest;
  const byCampaign = page.getByRole('table', { name: 'Costs by campaign' });
  await byCampaign.getByRole('row', { name: /^Total\b/ }).waitFor();
  await byCampaign.getByRole('button', { name: 'Calls', exact: true }).click();
  expect(await byCampaign.getByRole('columnheader', { name: 'Calls' }).getAttribute('aria-sort')).toBe('ascending');
  const rows = byCampaign.getByRole('row');
  const counts: number[] = [];
  for (let i = 1; i < (await rows.count()) - 1; i += 1) {
    counts.push(Number((await cellTexts(rows.nth(i)))[1]!.replace(/,/g, '')));
  }
  expect(counts).toEqual([...counts].sort((a, b) => a - b));
});

test('Export → CSV downloads the breakdown shown, one line per row', async () => {
  await openCostsForLast30Days();
  const table = page.getByRole('table', { name: 'Costs by publisher' });
  await table.getByRole('row', { name: /^Total\b/ }).waitFor();
  const bodyRows = (await table.getByRole('row').count()) - 2; // less the header and the totals row

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^cost_breakdown_.*\.csv$/);
  const lines = (await readFile((await file.path()), 'utf8')).split(/\r?\n/).filter((line) => line.trim() !== '');
  expect(lines[0]).toBe('\uFEFF"Group","Calls","Sales","Revenue","Payout","Profit","Conversion Rate"');
  expect(lines.length - 1).toBe(bodyRows);
});

test('an admin records a payment, edits it and deletes it', async () => {
  await openCostsForLast30Days();
  const reference = `E2E-${Date.now()}`;
  const history = page.getByRole('table', { name: 'Payment history' });
  // The demo data has no payments.
  await page.getByText('No payments yet').waitFor();

  // Record.
  await page.getByRole('button', { name: 'New payment' }).click();
  const create = page.getByRole('dialog', { name: 'Record payment' });
  const publisher = create.getByRole('combobox', { name: 'Publisher' });
  await publisher.locator('option').nth(1).waitFor({ state: 'attached' });
  const publisherName = (await publisher.locator('option').nth(1).textContent())!.trim();
  await publisher.selectOption({ index: 1 });
  await create.getByRole('textbox', { name: 'Amount' }).fill('123.45');
  await create.getByLabel(/^Paid at/).fill('2025-12-15T10:30');
  await create.getByRole('combobox', { name: 'Method' }).selectOption('wire');
  await create.getByRole('textbox', { name: 'Reference' }).fill(reference);
  await create.getByRole('textbox', { name: 'Note' }).fill('Recorded by the e2e suite');
  await create.getByRole('button', { name: 'Record payment' }).click();

  await page.getByText('Payment recorded', { exact: true }).waitFor();
  await create.waitFor({ state: 'detached' });
  const row = history.getByRole('row', { name: new RegExp(reference) });
  await row.waitFor();
  const created = await cellTexts(row);
  expect(created.slice(0, 6)).toEqual(['Dec 15, 2025 10:30 AM', publisherName, '$123.45', 'Wire', reference, 'Recorded by the e2e suite']);

  // Edit: the form opens filled in; the changes show in the row.
  await row.getByRole('button', { name: 'Edit payment' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit payment' });
  const amount = edit.getByRole('textbox', { name: 'Amount' });
  expect(await amount.inputValue()).toBe('123.45');
  expect(await edit.getByLabel(/^Paid at/).inputValue()).toBe('2025-12-15T10:30');
  await amount.fill('150');
  await edit.getByRole('combobox', { name: 'Method' }).selectOption('check');
  await edit.getByRole('button', { name: 'Save changes' }).click();

  await page.getByText('Payment updated', { exact: true }).waitFor();
  await edit.waitFor({ state: 'detached' });
  await row.getByText('$150.00', { exact: true }).waitFor();
  expect((await cellTexts(row)).slice(2, 4)).toEqual(['$150.00', 'Check']);

  // Delete, after the confirmation.
  await row.getByRole('button', { name: 'Delete payment' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete payment' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).waitFor();
  expect(await confirm.textContent()).toContain(`Delete the payment of $150.00 to ${publisherName}`);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();

  await page.getByText('Payment deleted', { exact: true }).waitFor();
  await row.waitFor({ state: 'detached' });
  await page.getByText('No payments yet').waitFor();
});
