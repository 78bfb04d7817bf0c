import { readFileSync } from 'node:fs';
import { DEFAULT_PARTNER_FIELDS, viewAsLogPath, type FilterOption, type PartnerScope, type PublicUser, type ViewAsLogResponse } from '@callboard/contract';
import Papa from 'papaparse';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { callApi, type ApiInit } from '../support/api-client';
import { launchChromium } from '../support/browser';
import { applyDatePreset } from '../support/filters';
import { submitLogin } from '../support/sign-in';
import { startSystem, type System } from '../support/system';

/**
 * Partner accounts as partners meet them (issue 34 items 4 and 5), in real Chromium against the production
 * build: a publisher partner signs in, reads the banner naming its scope, only its own calls from its
 * history day on with their payout, a call's evidence, and exports a CSV of exactly those rows and the
 * columns it may see; a buyer partner sees revenue and no publisher; an admin views as the publisher partner
 * from User Management, exits, and the audit log holds the visit. The accounts are made by the demo admin
 * through the users API.
 */
let system: System;
let browser: Browser;
const contexts: BrowserContext[] = [];

const PASSWORD = 's3cret-pass';
const LAST_30_DAYS = 'last_30_days';
/** The publisher partner's first day: ten days back on the New York calendar, well inside the demo's last 30 days. */
const HISTORY_FROM = newYorkDay(Date.now() - 10 * 86_400_000);

let adminToken: string;
let publisher: FilterOption;
let buyer: FilterOption;
let everyPublisherName: string[];
let publisherPartner: PublicUser;
let buyerPartner: PublicUser;
const PUBLISHER_PARTNER = { name: 'Publisher Partner Co', email: 'publisher.partner@example.com', password: PASSWORD };
const BUYER_PARTNER = { name: 'Buyer Partner Co', email: 'buyer.partner@example.com', password: PASSWORD };

beforeAll(async () => {
  [system, browser] = await Promise.all([startSystem({ demoCalls: 1500 }), launchChromium()]);
  adminToken = (await api<{ data: { token: string } }>('/api/auth/login', { body: system.demoAdmin })).data.token;
  // The busiest publisher and buyer of the last 30 days, so the partners have calls on every screen.
  const publishers = await api<{ data: { publishers: FilterOption[] } }>(`/api/filters/publishers?datePreset=${LAST_30_DAYS}`, { token: adminToken });
  const buyers = await api<{ data: { buyers: FilterOption[] } }>(`/api/filters/buyers?datePreset=${LAST_30_DAYS}`, { token: adminToken });
  [publisher] = publishers.data.publishers as [FilterOption];
  [buyer] = buyers.data.buyers as [FilterOption];
  everyPublisherName = publishers.data.publishers.map((option) => option.label);
  publisherPartner = await createPartner(PUBLISHER_PARTNER, { kind: 'publisher', ids: [Number(publisher.value)], historyFrom: HISTORY_FROM, ...DEFAULT_PARTNER_FIELDS });
  buyerPartner = await createPartner(BUYER_PARTNER, { kind: 'buyer', ids: [Number(buyer.value)], historyFrom: null, ...DEFAULT_PARTNER_FIELDS });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await system?.stop();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

jest.setTimeout(180_000);

function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  return callApi<T>(system.url, path, init);
}

async function createPartner(who: typeof PUBLISHER_PARTNER, partnerScope: PartnerScope): Promise<PublicUser> {
  const created = await api<{ data: PublicUser }>('/api/users', { token: adminToken, body: { ...who, role: 'partner', partnerScope } });
  return created.data;
}

/** YYYY-MM-DD of `ms` on the New York calendar. */
function newYorkDay(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
}

/**
 * The New York day of a table or file time ("Nov 20 09:15:02 AM", no year): the one within the last 40
 * days, which is where every call of the last 30 days falls whatever the year.
 */
function dayOfShownTime(text: string): string {
  const [month, day] = text.trim().split(/\s+/);
  const now = Date.now();
  for (const year of [new Date(now).getUTCFullYear(), new Date(now).getUTCFullYear() - 1]) {
    const at = Date.parse(`${month} ${day}, ${year} 12:00:00 UTC`);
    if (at <= now + 86_400_000 && at >= now - 40 * 86_400_000) return newYorkDay(at);
  }
  throw new Error(`${text} is not a time of the last 40 days`);
}

/** A browser of its own, signed in as `who` on the way to `at`. */
async function signedIn(who: { email: string; password: string }, at = '/reporting'): Promise<Page> {
  const context = await browser.newContext({ baseURL: system.url, acceptDownloads: true, viewport: { width: 1600, height: 1000 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(at);
  await page.waitForURL('**/login');
  await submitLogin(page, who.email, who.password);
  return page;
}

const records = (page: Page) => page.getByRole('table', { name: 'Call records' });
const summary = (page: Page) => page.getByText(/^Showing \d[\d,]*-\d[\d,]* of \d[\d,]* items$/);

/** Reporting over the last 30 days, once the records have loaded; resolves with the records' total. */
async function onLast30Days(page: Page): Promise<number> {
  await page.waitForURL(/\/reporting(\?.*)?$/);
  await applyDatePreset(page, LAST_30_DAYS);
  await page.getByText('Loading records...').waitFor({ state: 'detached' });
  await summary(page).waitFor();
  const text = (await summary(page).textContent()) ?? '';
  return Number((/of ([\d,]+) items$/.exec(text)?.[1] ?? '0').replace(/,/g, ''));
}

async function columnLabels(page: Page): Promise<string[]> {
  return (await records(page).getByRole('columnheader').allTextContents()).filter((label) => label !== 'Actions');
}

/** Column Settings' offered columns, and with `turnOn` ticks those and saves. */
async function columnSettings(page: Page, turnOn: string[] = []): Promise<string[]> {
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  const settings = page.getByRole('dialog', { name: 'Column Settings' });
  const offered = await settings.locator('label').allTextContents();
  for (const name of turnOn) await settings.getByRole('checkbox', { name, exact: true }).check();
  await settings.getByRole('button', { name: turnOn.length > 0 ? 'Save' : 'Cancel', exact: true }).click();
  await settings.waitFor({ state: 'detached' });
  return offered.map((label) => label.trim());
}

/** Every masked caller id as the server masks it (partners.ts maskCallerId), or the dash of a call without one. */
const MASKED_OR_NONE = /^(?:\+1 )?••• ••• \d{1,4}$|^—$|^-$|^$/;

test('a publisher partner reads its banner, only its own calls since its history day with their payout, a call’s evidence, and a CSV of just those', async () => {
  const page = await signedIn(PUBLISHER_PARTNER);
  const banner = page.getByRole('note', { name: 'Your scope' });
  await expectText(banner, `${publisher.label} — publisher partner — calls since ${HISTORY_FROM}`);
  await expectCount(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }), 0);
  // Pickers only for what it may see: no buyers or targets.
  const pickers = await page.getByRole('group', { name: 'Selections' }).getByRole('button').allTextContents();
  expect(pickers.map((text) => text.replace(/\d+$/, ''))).toEqual(['Campaigns', 'Publishers']);

  const total = await onLast30Days(page);
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(publisher.count);
  const firstPage = await records(page).locator('td.records__cell--publisherName').allTextContents();
  expect(firstPage.length).toBeGreaterThan(0);
  expect(new Set(firstPage)).toEqual(new Set([publisher.label]));
  for (const cid of await records(page).locator('td.records__cell--callerId').allTextContents()) expect(cid.trim()).toMatch(MASKED_OR_NONE);

  // Payout is offered, revenue and profit are not; the counterparty's columns neither.
  const offered = await columnSettings(page, ['Payout']);
  expect(offered).toContain('Payout');
  for (const hidden of ['Revenue', 'Profit', 'Buyer', 'Target']) expect(offered).not.toContain(hidden);
  const labels = await columnLabels(page);
  expect(labels).toContain('Payout');

  // A call's evidence: the AI's verdict, the review, the money it may see.
  await records(page).getByRole('button', { name: 'View Details' }).first().click();
  const details = page.getByRole('dialog', { name: /Call Record Details/ });
  await details.getByRole('region', { name: 'QC Information' }).waitFor();
  await details.getByRole('group', { name: 'Reviewer’s verdict' }).waitFor();
  const money = details.getByRole('region', { name: 'Routing and Money' });
  await expectCount(money.getByText('Payout', { exact: true }), 1);
  for (const hidden of ['Revenue', 'Profit', 'Buyer', 'Target']) await expectCount(money.getByText(hidden, { exact: true }), 0);
  await expectCount(details.getByRole('form', { name: 'Change disposition' }), 0);
  await details.getByRole('button', { name: 'Close', exact: true }).click();
  await details.waitFor({ state: 'detached' });

  // The CSV: exactly the table's rows, its columns, the partner's publisher, masked callers, none before its day.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const downloading = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const download = await downloading;
  const csv = Papa.parse<Record<string, string>>(readFileSync(await download.path()).toString('utf8').replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true });
  expect(csv.errors).toEqual([]);
  expect(csv.meta.fields).toEqual(labels);
  expect(csv.data).toHaveLength(total);
  for (const row of csv.data) {
    expect(row.Publisher).toBe(publisher.label);
    // A text a spreadsheet would read as a formula ("+1 …") leaves with a leading quote (api/src/domain/export/neutralise.ts).
    expect((row.CID ?? '').trim().replace(/^'/, '')).toMatch(MASKED_OR_NONE);
    expect(dayOfShownTime(row['Time Stamp'] ?? '') >= HISTORY_FROM).toBe(true);
    expect(Number.isFinite(Number((row.Payout ?? '').replace(/[$,]/g, '')))).toBe(true);
  }

  // Costs: its payout, read-only; no revenue, profit or margin.
  await page.getByRole('link', { name: 'Costs', exact: true }).click();
  await page.getByRole('group', { name: 'Payout' }).waitFor();
  for (const card of ['Revenue', 'Profit', 'Margin']) await expectCount(page.getByRole('group', { name: card, exact: true }), 0);
  await page.getByRole('heading', { name: 'Payment history' }).waitFor();
  await expectCount(page.getByRole('button', { name: 'New payment' }), 0);
  await expectCount(page.getByRole('link', { name: 'Scorecard', exact: true }), 0);
});

test('a buyer partner sees revenue and no publisher: not in the columns, the pickers, the details or the page', async () => {
  const page = await signedIn(BUYER_PARTNER);
  await expectText(page.getByRole('note', { name: 'Your scope' }), `${buyer.label} — buyer partner — all calls`);
  const total = await onLast30Days(page);
  expect(total).toBeGreaterThan(0);

  const offered = await columnSettings(page, ['Revenue']);
  expect(offered).toContain('Revenue');
  for (const hidden of ['Payout', 'Profit', 'Publisher']) expect(offered).not.toContain(hidden);
  const labels = await columnLabels(page);
  expect(labels).toContain('Revenue');
  expect(labels).not.toContain('Publisher');
  const revenues = await records(page).locator('td.records__cell--revenue').allTextContents();
  expect(revenues.length).toBeGreaterThan(0);
  for (const revenue of revenues) expect(revenue).toMatch(/^\$[\d,]+\.\d{2}$/);

  const pickers = await page.getByRole('group', { name: 'Selections' }).getByRole('button').allTextContents();
  expect(pickers.map((text) => text.replace(/\d+$/, ''))).toEqual(['Campaigns', 'Targets', 'Buyers']);
  await expectCount(page.getByRole('link', { name: 'Costs', exact: true }), 0);

  await records(page).getByRole('button', { name: 'View Details' }).first().click();
  const details = page.getByRole('dialog', { name: /Call Record Details/ });
  const basics = details.getByRole('region', { name: 'Basic Information' });
  await basics.waitFor();
  await expectCount(basics.getByText('Publisher', { exact: true }), 0);
  await expectCount(details.getByRole('region', { name: 'Routing and Money' }).getByText('Revenue', { exact: true }), 1);

  // No publisher's name anywhere on the page.
  const text = (await page.locator('body').textContent()) ?? '';
  for (const name of everyPublisherName) expect(text).not.toContain(name);
});

test('an admin views as the publisher partner from User Management, read-only, exits back as themselves, and the audit log holds the visit', async () => {
  const page = await signedIn(system.demoAdmin, '/users');
  await page.waitForURL('**/users');
  await page.getByPlaceholder('Search users by name, email, or role...').fill(PUBLISHER_PARTNER.email);
  await page.getByRole('button', { name: `View as ${PUBLISHER_PARTNER.name}` }).click();

  const banner = page.getByRole('note', { name: 'Viewing as a partner' });
  await expectText(banner, `Viewing as ${PUBLISHER_PARTNER.name} (read-only) — ${publisher.label} — publisher partner — calls since ${HISTORY_FROM}`);
  await expectCount(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }), 0);
  await page.getByRole('link', { name: 'Reporting', exact: true }).click();
  await onLast30Days(page);
  expect(new Set(await records(page).locator('td.records__cell--publisherName').allTextContents())).toEqual(new Set([publisher.label]));

  await banner.getByRole('button', { name: 'Exit' }).click();
  await page.waitForURL('**/users');
  await banner.waitFor({ state: 'detached' });
  await expectCount(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }), 1);

  const log = await api<ViewAsLogResponse>(viewAsLogPath(publisherPartner.id), { token: adminToken });
  expect(log.data.length).toBeGreaterThanOrEqual(1);
  const [visit] = log.data;
  expect(visit).toMatchObject({ adminEmail: system.demoAdmin.email, partnerId: publisherPartner.id });
  expect(visit?.endedAt).not.toBeNull();
  // The buyer partner was not viewed.
  expect((await api<ViewAsLogResponse>(viewAsLogPath(buyerPartner.id), { token: adminToken })).data).toEqual([]);
});

/** Waits for the text to be there (the banner's names arrive after it is drawn). */
async function expectText(locator: Locator, text: string): Promise<void> {
  await locator.filter({ hasText: text }).waitFor();
  expect((await locator.textContent())?.includes(text)).toBe(true);
}

async function expectCount(locator: Locator, count: number): Promise<void> {
  expect(await locator.count()).toBe(count);
}
