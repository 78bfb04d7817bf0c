import { DEFAULT_PARTNER_FIELDS, type ApiSuccess, type CallRecord, type FilterOption, type PartnerScope } from '@callboard/contract';
import { disputePath, disputesOfCallPath, transcriptLines as linesOf, type CallDisputes, type Dispute } from '@callboard/contract/disputes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi, type ApiInit } from '../support/api-client';
import { launchChromium } from '../support/browser';
import { submitLogin } from '../support/sign-in';
import { startSystem, type System } from '../support/system';

/**
 * Disputes from both sides (issue 35), in real Chromium against the production build: a buyer partner disputes
 * one of its calls from the call's detail, ticking the transcript lines that prove it; a reviewer works the
 * Disputes queue with the keyboard and accepts it in part with a partial claw-back; the buyer partner and the
 * publisher partner each read the outcome on their Disputes tab; and the decision's Undo, pressed within its
 * 10 s, gives the call its revenue and payout back and the dispute its open state (read through the API).
 * The accounts are made by the demo admin through the users API.
 */
let system: System;
let browser: Browser;
const contexts: BrowserContext[] = [];

const PASSWORD = 's3cret-pass';
const BUYER_PARTNER = { name: 'Disputing Buyer Co', email: 'disputing.buyer@example.com', password: PASSWORD };
const PUBLISHER_PARTNER = { name: 'Clawed Publisher Co', email: 'clawed.publisher@example.com', password: PASSWORD };
const REVIEWER = { name: 'Rita Reviewer', email: 'rita.reviewer@example.com', password: PASSWORD };

let adminToken: string;
/** The disputed call as the network reads it before the dispute. */
let call: CallRecord;

beforeAll(async () => {
  [system, browser] = await Promise.all([startSystem({ demoCalls: 1500 }), launchChromium()]);
  adminToken = (await api<{ data: { token: string } }>('/api/auth/login', { body: system.demoAdmin })).data.token;
  call = await disputableCall();
  const buyers = await api<{ data: { buyers: FilterOption[] } }>('/api/filters/buyers?datePreset=last_7_days', { token: adminToken });
  const publishers = await api<{ data: { publishers: FilterOption[] } }>('/api/filters/publishers?datePreset=last_7_days', { token: adminToken });
  const idOf = (options: FilterOption[], label: string | null) => Number(options.find((option) => option.label === label)?.value);
  await createAccount(BUYER_PARTNER, 'partner', { kind: 'buyer', ids: [idOf(buyers.data.buyers, call.buyerName)], historyFrom: null, ...DEFAULT_PARTNER_FIELDS });
  await createAccount(PUBLISHER_PARTNER, 'partner', { kind: 'publisher', ids: [idOf(publishers.data.publishers, call.publisherName)], historyFrom: null, ...DEFAULT_PARTNER_FIELDS });
  await createAccount(REVIEWER, 'reviewer');
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await system?.stop();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

jest.setTimeout(240_000);

function api<T>(path: string, init: ApiInit = {}): Promise<T> {
  return callApi<T>(system.url, path, init);
}

async function createAccount(who: typeof REVIEWER, role: 'partner' | 'reviewer', partnerScope?: PartnerScope): Promise<void> {
  await api('/api/users', { token: adminToken, body: { ...who, role, ...(partnerScope ? { partnerScope } : {}) } });
}

/**
 * A call of the last six days (well inside the buyer's 7-day window) with a buyer, revenue, payout and a
 * transcript whose first and third lines hold words, never disputed, that the server says may be disputed now.
 */
async function disputableCall(): Promise<CallRecord> {
  const page = await api<{ data: CallRecord[] }>('/api/calls/records?datePreset=last_7_days&dispute=none&limit=200', { token: adminToken });
  const since = Date.now() - 6 * 86_400_000;
  for (const candidate of page.data) {
    if (!candidate.buyerName || !candidate.revenue || !candidate.payout || Date.parse(candidate.callTimestamp) < since) continue;
    const lines = linesOf(candidate.transcript ?? '');
    if (lines.length < 3 || lines[0]!.trim() === '' || lines[2]!.trim() === '') continue;
    const disputes = await api<ApiSuccess<CallDisputes>>(disputesOfCallPath(candidate.id), { token: adminToken });
    if (disputes.data.eligibility.allowed) return candidate;
  }
  throw new Error('the demo data has no call of the last six days that may be disputed');
}

/** The call as the network reads it now. */
async function callNow(): Promise<CallRecord> {
  return (await api<ApiSuccess<CallRecord>>(`/api/calls/records/${call.id}`, { token: adminToken })).data;
}

async function disputeNow(id: string): Promise<Dispute> {
  return (await api<ApiSuccess<Dispute>>(disputePath(id), { token: adminToken })).data;
}

/** A browser of its own, signed in as `who` on the way to `at`. */
async function signedIn(who: { email: string; password: string }, at: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: system.url, acceptDownloads: true, viewport: { width: 1600, height: 1000 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(at);
  await page.waitForURL('**/login');
  await submitLogin(page, who.email, who.password);
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  return page;
}

const dollars = (amount: number) => `$${amount.toFixed(2)}`;
const cents = (amount: number) => Math.round(amount * 100);

test('a buyer partner disputes a call selecting transcript lines; a reviewer decides it in part from the queue by keyboard; both partners read the outcome; Undo restores everything', async () => {
  const lines = linesOf(call.transcript ?? '');
  const credit = Math.max(0.01, Math.floor(call.revenue! * 50) / 100);
  const clawBack = Math.max(0.01, Math.floor(call.payout! * 25) / 100);

  // ---- The buyer partner opens the dispute from the call's detail, ticking the first and the third line.
  const buyer = await signedIn(BUYER_PARTNER, `/reporting/calls/${call.id}`);
  const details = buyer.getByRole('dialog', { name: /Call Record Details/ });
  await details.getByRole('button', { name: 'Dispute this call' }).click();
  const form = buyer.getByRole('dialog', { name: 'Dispute this call' });
  await form.getByLabel('Reason').selectOption({ label: 'Hung up immediately' });
  await form.getByLabel('Note').fill('The caller hung up before the agent could speak');
  const ticks = form.getByTestId('dispute-lines').getByRole('checkbox');
  await ticks.nth(0).check();
  await ticks.nth(2).check();
  await form.getByText('2 of', { exact: false }).waitFor();
  await form.getByRole('button', { name: 'Open dispute' }).click();
  await form.waitFor({ state: 'detached' });
  const history = details.getByRole('list', { name: 'Dispute history' });
  await history.getByText('Hung up immediately').waitFor();
  await details.getByTestId('dispute-refusal').filter({ hasText: 'This call already has an open dispute' }).waitFor();

  const opened = (await api<ApiSuccess<CallDisputes>>(disputesOfCallPath(call.id), { token: adminToken })).data.disputes;
  expect(opened).toHaveLength(1);
  const dispute = opened[0]!;
  expect(dispute).toMatchObject({ status: 'open', reason: 'hung_up_immediately', openedByPartner: true, revenue: call.revenue, payout: call.payout });
  expect(dispute.evidence.transcript).toEqual({ whole: false, lines: [{ index: 0, text: lines[0] }, { index: 2, text: lines[2] }] });
  expect((await callNow()).disputeState).toBe('open');

  // ---- The partners wait on their Disputes tabs, so they can read the outcome within the Undo's 10 s.
  await buyer.goto('/calllogs/disputes');
  const buyerQueue = buyer.getByRole('table', { name: 'Disputes' });
  await buyerQueue.getByText('Hung up immediately').waitFor();
  const publisher = await signedIn(PUBLISHER_PARTNER, '/calllogs/disputes');
  await publisher.getByRole('table', { name: 'Disputes' }).or(publisher.getByText('No disputes match these filters.')).waitFor();

  // ---- The reviewer works the queue with the keyboard: j to the dispute, Enter for its evidence, p to accept in part.
  const reviewer = await signedIn(REVIEWER, '/calllogs/disputes');
  const queue = reviewer.getByRole('table', { name: 'Disputes' });
  await queue.getByText('Hung up immediately').waitFor();
  await reviewer.keyboard.press('j');
  await reviewer.keyboard.press('Enter');
  const pane = reviewer.getByTestId('dispute-pane');
  await pane.getByText(call.systemCallId).waitFor();
  await pane.getByTestId('dispute-excerpt').getByText(lines[2]!.trim()).waitFor();
  await reviewer.keyboard.press('p');
  const decide = reviewer.getByRole('dialog', { name: 'Decide the dispute' });
  await decide.getByLabel('Amount credited ($)').fill(credit.toFixed(2));
  await decide.getByLabel('Claw back part of it').check();
  await decide.getByLabel('Amount clawed back ($)').fill(clawBack.toFixed(2));
  await decide.getByLabel('Note').fill('Short call: half credited, a quarter of the payout taken back');
  await decide.getByRole('button', { name: 'Decide' }).click();
  const toast = reviewer.locator('.cb-undo-toast').filter({ hasText: `Dispute of call ${call.systemCallId} partially accepted` });
  await toast.waitFor();
  const undoBy = Date.now() + 10_000;

  // ---- Within the Undo's 10 s: the money moved, and each partner reads the outcome its side may see.
  const [decided, movedCall] = await Promise.all([
    disputeNow(dispute.id),
    callNow(),
    (async () => {
      await buyer.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Partially accepted' });
      const row = buyerQueue.getByRole('row').filter({ hasText: 'Partially accepted' });
      await row.filter({ hasText: dollars(credit) }).waitFor();
    })(),
    (async () => {
      await publisher.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Partially accepted' });
      const row = publisher.getByRole('table', { name: 'Disputes' }).getByRole('row').filter({ hasText: 'Partially accepted' });
      await row.filter({ hasText: dollars(clawBack) }).waitFor();
      // Its side of the money only: no revenue and no credit to the buyer.
      const headers = await publisher.getByRole('table', { name: 'Disputes' }).getByRole('columnheader').allTextContents();
      expect(headers).toContain('Clawed back');
      expect(headers).not.toContain('Credited');
      expect(headers).not.toContain('Revenue');
    })(),
  ]);
  expect(decided.status).toBe('partial');
  expect(decided.decision).toMatchObject({ decision: 'partial', credited: credit, clawedBack: clawBack });
  expect(cents(movedCall.revenue!)).toBe(cents(call.revenue!) - cents(credit));
  expect(cents(movedCall.payout!)).toBe(cents(call.payout!) - cents(clawBack));
  expect(movedCall.disputeState).toBe('partial');

  expect(Date.now()).toBeLessThan(undoBy);
  await toast.getByRole('button', { name: 'Undo' }).click();
  await reviewer.getByText('Change undone').waitFor();

  // ---- Everything is back: the call's revenue and payout, the dispute open and undecided.
  const restored = await callNow();
  expect(cents(restored.revenue!)).toBe(cents(call.revenue!));
  expect(cents(restored.payout!)).toBe(cents(call.payout!));
  expect(restored.disputeState).toBe('open');
  const reopened = await disputeNow(dispute.id);
  expect(reopened.status).toBe('open');
  expect(reopened.decision).toBeNull();
  // And the queue shows it open again.
  await queue.getByRole('row').filter({ hasText: 'Hung up immediately' }).filter({ hasText: 'Open' }).waitFor();
});
